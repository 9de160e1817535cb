import { create } from 'zustand';
import { profileBound } from '../profile-bound.ts';
import type { UnknownOutcome } from './submission-failure.ts';

/**
 * A submitting screen's state outside its components (New invoice, Deposit address), so that
 * looking at another screen and coming back finds the half-typed form, or what the service made,
 * still there; and the last send whose outcome is unknown, with the foreign id to check. All of it is
 * the active profile's: choosing another starts the screen blank (profile-bound.ts).
 */
export type SubmissionDraft<Values, Made> = {
  /** The form's values as last typed; null before the first visit (the form then starts blank). */
  values: Values | null;
  /** What the service made from the last send, shown instead of the form. */
  made: Made | null;
  unknown: UnknownOutcome | null;
  /** Bumped to start the form again from `values` (remounts it). */
  formKey: number;
  keep(values: Values): void;
  show(made: Made): void;
  startForm(values: Values | null): void;
  setUnknown(unknown: UnknownOutcome | null): void;
};

export function createSubmissionDraft<Values, Made>() {
  return profileBound(
    create<SubmissionDraft<Values, Made>>((set) => ({
      values: null,
      made: null,
      unknown: null,
      formKey: 0,
      keep: (values) => set({ values }),
      show: (made) => set({ made, unknown: null }),
      startForm: (values) => set((state) => ({ values, made: null, unknown: null, formKey: state.formKey + 1 })),
      setUnknown: (unknown) => set({ unknown }),
    })),
  );
}
