import NIOCore

/// Hands what the client sends straight to the server; closes the server side when the client
/// hangs up.
///
/// Threading: on the connection's event loop (the server channel shares it).
final class ClientSideHandler: ChannelInboundHandler {
  typealias InboundIn = ByteBuffer

  private let server: any Channel

  init(server: any Channel) {
    self.server = server
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    server.writeAndFlush(unwrapInboundIn(data), promise: nil)
  }

  func channelInactive(context: ChannelHandlerContext) {
    server.close(promise: nil)
    context.fireChannelInactive()
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    context.close(promise: nil)
  }
}

/// Holds each chunk from the server until its delay is over (and the proxy is not paused), then
/// hands it to the client. A chunk is never due before the one ahead of it, so the bytes keep
/// their order; one timer at a time waits for the head of the queue. When the server hangs up,
/// the client is closed once everything held has gone out.
///
/// Threading: on the connection's event loop (the client channel shares it).
final class ServerSideHandler: ChannelInboundHandler {
  typealias InboundIn = ByteBuffer

  private let proxy: DelayingTCPProxy
  private let client: any Channel
  private var server: (any Channel)?
  private var held = CircularBuffer<(due: NIODeadline, bytes: ByteBuffer)>()
  private var lastDue = NIODeadline.uptimeNanoseconds(0)
  private var timer: Scheduled<Void>?
  private var serverClosed = false

  init(proxy: DelayingTCPProxy, client: any Channel) {
    self.proxy = proxy
    self.client = client
  }

  func handlerAdded(context: ChannelHandlerContext) {
    server = context.channel
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let due = max(.now() + proxy.nextDelay(), lastDue)
    lastDue = due
    held.append((due, unwrapInboundIn(data)))
    release()
  }

  func channelInactive(context: ChannelHandlerContext) {
    serverClosed = true
    if client.isActive { release() } else { closeBoth() }
    context.fireChannelInactive()
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    context.close(promise: nil)
  }

  /// Hands on every chunk that is due, then waits for the next one.
  func release() {
    timer?.cancel()
    timer = nil
    guard !proxy.isPaused else { return }
    let now = NIODeadline.now()
    var wrote = false
    while let first = held.first, first.due <= now {
      held.removeFirst()
      client.write(first.bytes, promise: nil)
      proxy.countChunk()
      wrote = true
    }
    if wrote { client.flush() }
    if let first = held.first {
      timer = client.eventLoop.assumeIsolated().scheduleTask(deadline: first.due) {
        self.release()
      }
    } else if serverClosed {
      closeBoth()
    }
  }

  /// Drops what is held and closes both sockets.
  func closeBoth() {
    timer?.cancel()
    timer = nil
    held.removeAll()
    proxy.unregister(self)
    client.close(promise: nil)
    server?.close(promise: nil)
  }
}
