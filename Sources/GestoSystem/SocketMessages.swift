// The calls on a connected or listening AF_UNIX socket that carry more than bytes: accepting a
// connection, its peer's credentials, and one packet with a descriptor beside it (SCM_RIGHTS),
// as gesto-inputd and gestod exchange them (protocol/inputd.md). Each goes through the EINTR
// choke point; a descriptor received is owned by the caller as a `FileDescriptor`.
import CGestoSys
import Glibc

extension FileDescriptor {
    /// Accepts one pending connection on this listening socket, non-blocking and close-on-exec;
    /// nil when none is pending.
    ///
    /// - Throws: `SystemError` from `accept4` other than `EAGAIN` (`EMFILE`, `ENFILE`,
    ///   `ECONNABORTED`).
    public func acceptConnection() throws(SystemError) -> FileDescriptor? {
        do {
            return FileDescriptor(rawValue: try retryingInterrupts("accept4") { gesto_accept(rawValue) })
        } catch let error where error.code == EAGAIN || error.code == EWOULDBLOCK {
            return nil
        }
    }

    /// The process and user on the other end of this connected socket (`SO_PEERCRED`), as they
    /// were when it connected.
    ///
    /// - Throws: `SystemError` from `getsockopt`.
    public func peerCredentials() throws(SystemError) -> (pid: pid_t, uid: uid_t) {
        var pid: pid_t = 0
        var uid: uid_t = 0
        _ = try retryingInterrupts("getsockopt") { gesto_peer_credentials(rawValue, &pid, &uid) }
        return (pid, uid)
    }

    /// Sends `bytes` as one message on this packet socket, with `attached` beside it
    /// (SCM_RIGHTS) when given; a peer that has gone is `EPIPE`, never SIGPIPE.
    ///
    /// - Returns: The bytes sent (all of them: a packet is sent whole or not at all).
    /// - Throws: `SystemError` from `sendmsg` (`EAGAIN` when the peer's queue is full).
    @discardableResult
    public func sendMessage(_ bytes: [UInt8], attaching attached: FileDescriptor? = nil) throws(SystemError) -> Int {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(SystemError) in
                try retryingInterrupts("sendmsg") {
                    gesto_send_with_descriptor(rawValue, buffer.baseAddress, UInt(buffer.count), attached?.rawValue ?? -1)
                }
            }
        }
        return try result.get()
    }

    /// One message received by ``receiveMessage(into:)``.
    public struct ReceivedMessage {
        /// Its bytes in the buffer; 0 when the peer closed the connection.
        public var count: Int
        /// The descriptor that came with it, close-on-exec, owned by the receiver (further
        /// ones were closed).
        public var attached: FileDescriptor?
        /// Whether it was longer than the buffer (its end was dropped).
        public var isTruncated: Bool
    }

    /// Receives one message from this packet socket into `buffer`.
    ///
    /// - Throws: `SystemError` from `recvmsg` (`EAGAIN` when none waits on a non-blocking
    ///   socket).
    public func receiveMessage(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> ReceivedMessage {
        var attached: CInt = -1
        var truncated: CInt = 0
        let count = try retryingInterrupts("recvmsg") {
            gesto_receive_with_descriptor(rawValue, buffer.baseAddress, UInt(buffer.count), &attached, &truncated)
        }
        return ReceivedMessage(count: count, attached: attached >= 0 ? FileDescriptor(rawValue: attached) : nil,
                               isTruncated: truncated != 0)
    }
}
