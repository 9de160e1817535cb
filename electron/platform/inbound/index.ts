export { jsonObjectOf, readCappedBody } from './capped-body.ts';
