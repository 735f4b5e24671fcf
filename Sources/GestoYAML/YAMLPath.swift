// Where the builder is in a document while it reads, and what a reader may ask it to do with
// a collection there: build it, skip it (its events are read but make no node), or hand it
// over as soon as it is complete instead of keeping it. A `libinput record` file is a small
// header and then a list as long as the recording; its reader skips the kernel frames and
// the header's bulky lists and takes each entry as it completes, so memory follows the header.

/// One step from a collection to a child: a mapping's key or a sequence's index (0-based).
public enum YAMLPathComponent: Hashable, Sendable {
    case key(String)
    case index(Int)
}

/// The kind of collection that starts.
public enum YAMLCollectionKind: Sendable {
    case mapping
    case sequence
}

/// What the builder does with a collection, decided as it starts.
public enum YAMLHandling: Sendable {
    /// Builds its node and adds it to its parent.
    case build
    /// Reads its events (libyaml must parse them) but builds nothing inside it: its parent
    /// gets an empty collection of its kind at its location. Anchors inside it are not kept.
    case skip
    /// Builds its node and hands it to the reader when it is complete; its parent does not
    /// keep it (a sequence still counts it, so the next item's index is right).
    case handOver
}

/// The path from the document's root to the node being read: the open collections, outermost
/// first, each with the component that leads into the next. Valid only during the call it is
/// given to.
public struct YAMLPath: RandomAccessCollection {
    /// The builder's open collections (a copy of its stack: shares the storage, not copied).
    let frames: [YAMLBuilder.Open]

    public var startIndex: Int { 0 }
    public var endIndex: Int { frames.count }

    /// The component at `level` (0 is the root's): the key whose value is being read, or the
    /// index of the item being read.
    public subscript(level: Int) -> YAMLPathComponent {
        let frame = frames[level]
        if frame.isMapping { return .key(frame.pendingKey?.key ?? "") }
        return .index(frame.items.count + frame.handedOver)
    }

    /// The entries read so far of the mapping open at `level` (empty if it is a sequence):
    /// those written before the value being read.
    public func entriesSoFar(at level: Int) -> [YAMLEntry] {
        frames[level].entries
    }
}
