/** The earning module's public door: other modules and the composition root import only this file. */

export { EARNING_CHUNK_SIZE, startEarningJob } from './job';
export { busyPacer, EARNING_BUSY_PAUSE } from './pace';
export { lastEarningRun } from './runs';
export type { DailyChunk, DailyChunkSql, DailyContext, DailyPage, DailyStep } from './step';
export { chunkOf, nextAfter } from './step';
