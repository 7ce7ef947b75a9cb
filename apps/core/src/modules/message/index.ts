/** The message module's public door: other modules and the composition root import only this file. */

export { exportMessages } from './myData';
export { messageRoutes } from './routes';
export { createMessageService, postMessage, postMessages, postMessagesSql } from './service';
export { renderMessage } from './templates';
