// An EventSource for unit tests (jsdom has none): a test stubs it in with
// vi.stubGlobal('EventSource', FakeEventSource) and plays the server's events with emit().
export class FakeEventSource {
  static CLOSED = 2;
  /** The one opened last: the stream the test plays events into. */
  static last: FakeEventSource | null = null;
  readyState = 1;
  listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data: unknown) {
    for (const l of this.listeners.get(type) ?? []) l(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}
