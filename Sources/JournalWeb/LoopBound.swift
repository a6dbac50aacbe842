import HummingbirdCore
import Logging
import NIOCore

/// An HTTP/1 connection whose requests run on the connection's own event loop, not on Swift's shared pool.
/// Hummingbird hands each connection to a child task on the pool; every request then crosses from the
/// event loop to a pool thread and back, and on two cores shared with the clients, those hops (five
/// context switches a request) were the tail of the latency. Bound to its event loop, a request is read,
/// answered and written on one thread.
struct LoopBoundHTTP1: ServerChildChannel {
    let inner: HTTP1Channel

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        inner.setup(channel: channel, logger: logger)
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await withTaskExecutorPreference(LoopExecutor(loop: value.channel.eventLoop)) {
            await inner.handle(value: value, logger: logger)
        }
    }
}

/// One event loop as the executor that a task prefers: its jobs run on the loop's thread.
final class LoopExecutor: TaskExecutor {
    let loop: any EventLoop

    init(loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

extension HTTPServerBuilder {
    /// HTTP/1, each connection's requests on its own event loop; `idleTimeout` as `.http1(configuration:)`.
    static func loopBoundHTTP1(idleTimeout: TimeAmount) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            LoopBoundHTTP1(inner: HTTP1Channel(responder: responder, configuration: .init(idleTimeout: idleTimeout)))
        }
    }
}
