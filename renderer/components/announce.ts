import { create } from 'zustand';

/**
 * One polite live region for the whole app ("Copied", "Saved", status changes). Each message gets
 * a fresh id so that saying the same words twice is announced twice.
 */
type AnnouncerState = {
  message: string;
  id: number;
  announce(message: string): void;
};

export const useAnnouncer = create<AnnouncerState>((set) => ({
  message: '',
  id: 0,
  announce: (message) => set((state) => ({ message, id: state.id + 1 })),
}));

export const announce = (message: string): void => useAnnouncer.getState().announce(message);
