export * from './secret-store.ts';
export * from './profile-kind.ts';
export * from './bound-credentials.ts';
export * from './profile-file.ts';
export * from './profile-book.ts';
export * from './profile-view.ts';
export * from './connection-test.ts';
