/** The way into this folder: other code imports what it needs from here, never past it. */
export { localeHandlers } from './locale-handlers.ts';
