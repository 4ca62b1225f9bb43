// The few logger methods the queue needs; pino (and Fastify's app.log) satisfy it.
export interface QueueLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const silentLogger: QueueLogger = { info() {}, warn() {}, error() {} };
