import { ScreenHeading } from './ScreenHeading.tsx';

/** A screen that a later task fills in. */
export function Placeholder({ title, arrives }: { title: string; arrives: string }) {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <ScreenHeading>{title}</ScreenHeading>
      <p>This screen arrives with {arrives}.</p>
    </section>
  );
}
