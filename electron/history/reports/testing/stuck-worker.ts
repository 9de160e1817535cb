/** A worker that never answers: for the dispute report's time limit (dispute-pdf.test.ts). */
setInterval(() => {}, 1000);
