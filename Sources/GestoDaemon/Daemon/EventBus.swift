// The daemon's event bus: what gestod recognizes (and, for raw subscribers, what libinput
// sends) goes to whoever subscribed, today the IPC server's `monitor` clients. Publishing costs
// nothing while nobody listens: events are built only for a topic with subscribers.

/// Delivers ``IPCEvent``s to subscribers, on the event loop's thread.
public final class EventBus {
    /// What a subscriber receives.
    public enum Topic: Sendable, Hashable {
        /// Recognized gestures (`gestoctl monitor`).
        case gestures
        /// libinput's gesture events and device changes (`gestoctl monitor --raw`).
        case input
    }

    /// Identifies a subscription, to end it.
    public struct SubscriptionID: Hashable, Sendable {
        fileprivate let value: Int
    }

    private struct Subscription {
        var id: SubscriptionID
        var topic: Topic
        var deliver: (IPCEvent) -> Void
    }

    /// Unchecked: the bus lives on the event loop's thread, and no access to the array spans
    /// a call out (``publish(_:_:)`` copies the IDs first and looks each subscription up again
    /// before calling it, so a subscriber that subscribes or unsubscribes overlaps nothing).
    /// Checked, reading it cost ~110 instructions per input event for a bus nobody listens to.
    @exclusivity(unchecked) private var subscriptions: [Subscription] = []
    private var nextID = 0

    /// Makes a bus with no subscribers.
    public init() {}

    /// How many subscriptions there are.
    public var subscriberCount: Int { subscriptions.count }

    /// Whether anyone listens to `topic`.
    public func hasSubscribers(_ topic: Topic) -> Bool { !subscriptions.isEmpty && subscriptions.contains { $0.topic == topic } }

    /// Calls `deliver` with every event published on `topic` until ``unsubscribe(_:)``.
    public func subscribe(_ topic: Topic, deliver: @escaping (IPCEvent) -> Void) -> SubscriptionID {
        nextID += 1
        let id = SubscriptionID(value: nextID)
        subscriptions.append(Subscription(id: id, topic: topic, deliver: deliver))
        return id
    }

    /// Ends a subscription; unknown IDs are ignored.
    public func unsubscribe(_ id: SubscriptionID) {
        subscriptions.removeAll { $0.id == id }
    }

    /// Delivers `event` to the subscribers of `topic`; `event` is evaluated only if there are
    /// some. A subscriber may unsubscribe (itself or others) while it is called.
    public func publish(_ topic: Topic, _ event: @autoclosure () -> IPCEvent) {
        guard hasSubscribers(topic) else { return }
        let value = event()
        let ids = subscriptions.filter { $0.topic == topic }.map(\.id)
        for id in ids {
            // Look up again: an earlier delivery may have ended this subscription.
            subscriptions.first { $0.id == id }?.deliver(value)
        }
    }
}
