/* A preload for the stand-in's own tests (probe-main.ts): any channel, and values of every kind over the bridge. */
/* global require */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a sandboxed preload's own require (docs/tutorial/sandbox.md)
const { contextBridge, ipcRenderer } = require('electron');

const settled = Promise.resolve({ answer: 42 });
const api = {
  invoke: (channel, ...args) => ipcRenderer.invoke(channel, ...args),
  data: { nested: { list: [1, 2, 3] }, when: new Date(0) },
  settled,
  whole: ipcRenderer,
  echo: (value) => value,
};
contextBridge.exposeInMainWorld('probe', api);

let refusal = '';
try {
  contextBridge.exposeInMainWorld('location', {});
} catch (error) {
  refusal = error.message;
}
contextBridge.exposeInMainWorld('probeRefusal', refusal);
