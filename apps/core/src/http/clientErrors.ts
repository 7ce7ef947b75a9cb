import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { errorCatalogue, translateMessage } from '@prism/domain';

/**
 * Requests Node's HTTP parser refuses before Express sees them (headers or URL
 * over 16 KB, broken request lines) still get the envelope: HTTP 200 with the
 * catalogue's code, like every other answer (docs/api.md, "Protocol").
 */
export function answerClientErrorsWithEnvelope(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable) return socket.destroy();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW' || error.code === 'HPE_URI_TOO_LONG';
    const key = tooLarge ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION';
    const body = JSON.stringify({
      code: errorCatalogue[key].code,
      message: translateMessage(key, 'en-US'),
      result: null,
      timestamp: Date.now(),
    });
    socket.end(
      `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
