// What a `ReorderMove` means, in GestoCore (pure): slot indices before and after one move, and
// how that maps onto SwiftUI's `move(fromOffsets:toOffset:)`, whose destination offset counts
// the moved item itself: moving item 0 after item 1 is `toOffset: 2`, not 1 (the off-by-one).

extension ReorderMove {
    /// The move that undoes this one: `from` and `to` swapped.
    @inlinable public var inverse: ReorderMove { ReorderMove(from: to, to: from) }

    /// Whether the move changes nothing (`from == to`).
    @inlinable public var isIdentity: Bool { from == to }

    /// The destination offset SwiftUI's `move(fromOffsets: [from], toOffset:)` needs for this
    /// move: the index *before* removal that the item is inserted in front of. Moving down,
    /// that is `to + 1` (down by one from 0 is `toOffset: 2`, after the neighbour at 1); moving
    /// up (or not at all), it is `to`.
    @inlinable public var destinationOffset: Int { to > from ? to + 1 : to }

    /// The move SwiftUI's `move(fromOffsets: [offset], toOffset: destinationOffset)` makes, in
    /// slot indices: `destinationOffset` ∈ 0...count; `offset` and `offset + 1` both leave the
    /// item where it is.
    @inlinable public init(fromOffset offset: Int, toOffset destinationOffset: Int) {
        self.init(from: offset, to: destinationOffset > offset ? destinationOffset - 1 : destinationOffset)
    }
}

extension Array {
    /// Moves one element: removes the element at slot `move.from` and inserts it so that it ends
    /// at slot `move.to`; the elements in between shift by one slot toward `move.from`.
    /// Both indices must be valid slots (a programmer error otherwise).
    public mutating func apply(_ move: ReorderMove) {
        precondition(indices.contains(move.from) && indices.contains(move.to),
                     "ReorderMove \(move.from) → \(move.to) is outside 0..<\(count)")
        guard move.from != move.to else { return }
        let element = remove(at: move.from)
        insert(element, at: move.to)
    }

    /// The array after applying `moves` in order (see ``apply(_:)``).
    public func applying(_ moves: some Sequence<ReorderMove>) -> [Element] {
        var result = self
        for move in moves { result.apply(move) }
        return result
    }

    /// SwiftUI's `move(fromOffsets:toOffset:)`: moves the elements at `offsets` (any order;
    /// duplicates count once), keeping their relative order, so that they land in front of the
    /// element that was at `destination` *before* the move (`destination == count`: at the end).
    ///
    /// Moving element 0 of `[a, b, c]` down by one is `move(fromOffsets: [0], toOffset: 2)` →
    /// `[b, a, c]`; `toOffset: 1` leaves the array unchanged. Offsets must be in `0..<count` and
    /// `destination` in `0...count` (a programmer error otherwise).
    public mutating func move(fromOffsets offsets: some Sequence<Int>, toOffset destination: Int) {
        precondition((0...count).contains(destination), "toOffset \(destination) is outside 0...\(count)")
        var unique = Set<Int>()
        for offset in offsets {
            precondition(indices.contains(offset), "offset \(offset) is outside 0..<\(count)")
            unique.insert(offset)
        }
        let sorted = unique.sorted()
        let moved = sorted.map { self[$0] }
        let removedBefore = sorted.count(where: { $0 < destination })
        for offset in sorted.reversed() { remove(at: offset) }
        insert(contentsOf: moved, at: destination - removedBefore)
    }
}
