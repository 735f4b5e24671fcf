// The stdlib's Codable over gesto's one JSON value type, without Foundation: a wire struct
// describes its members once (its stored properties and CodingKeys), and the synthesized
// code encodes and decodes it. Decoding is strict: a required member that is missing, or one of
// the wrong type, is an error naming it (`config.bindings: missing`), never a silent "?" or 0.
// Nil optionals are written as null, so every member of a wire object is always present.

/// A message that does not have the members its type requires: which one, and why.
public struct JSONDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The member's path from the top (`config.bindings`, `devices[0].name`; empty for the top).
    public var path: String
    /// What is wrong with it (`missing`, `expected a string`).
    public var reason: String

    /// Makes an error.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `PATH: REASON`, or the reason alone for the top level.
    public var description: String { path.isEmpty ? reason : "\"\(path)\": \(reason)" }

    init(_ codingPath: [any CodingKey], _ reason: String) {
        self.init(path: jsonPath(codingPath), reason: reason)
    }
}

/// A type sent on gesto's wire as a JSON object: its text is ``json`` and it is read back with
/// ``init(json:)``, both from its one Codable description.
public protocol JSONWireCodable: Codable {}

extension JSONWireCodable {
    /// The JSON text (compact, members in declaration order).
    public var json: String { JSONValue(encoding: self).jsonText }

    /// Decodes a value.
    ///
    /// - Throws: ``JSONDecodingError`` naming the first missing or mistyped member.
    public init(json: JSONValue) throws(JSONDecodingError) {
        self = try json.decode(Self.self)
    }
}

extension JSONValue {
    /// The JSON value of `value`, from its `Encodable` conformance.
    public init<T: Encodable>(encoding value: T) {
        let encoder = ValueEncoder(codingPath: [])
        // The encoder itself never throws; a conformance that throws yields what it wrote so far.
        try? value.encode(to: encoder)
        self = encoder.node.value
    }

    /// Decodes a `T` from this value.
    ///
    /// - Throws: ``JSONDecodingError`` naming the first missing or mistyped member.
    public func decode<T: Decodable>(_ type: T.Type) throws(JSONDecodingError) -> T {
        do {
            return try T(from: ValueDecoder(value: self, codingPath: []))
        } catch let error as JSONDecodingError {
            throw error
        } catch let error as DecodingError {
            // A conformance's own check (an enum's unknown raw value) reports this way.
            switch error {
            case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
                 .valueNotFound(_, let context):
                throw JSONDecodingError(context.codingPath, context.debugDescription)
            @unknown default:
                throw JSONDecodingError(path: "", reason: "\(error)")
            }
        } catch {
            throw JSONDecodingError(path: "", reason: "\(error)")
        }
    }
}

/// `config.bindings`, `devices[0].name`.
private func jsonPath(_ codingPath: [any CodingKey]) -> String {
    var path = ""
    for key in codingPath {
        if let index = key.intValue { path += "[\(index)]" } else { path += (path.isEmpty ? "" : ".") + key.stringValue }
    }
    return path
}

/// An index in an unkeyed container, as a coding key.
private struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { return nil }
}

// MARK: - Encoding

/// A value being built: containers are filled in after they are handed out, so nodes are shared.
private final class EncodingNode {
    enum Content {
        case value(JSONValue)
        case object([(String, EncodingNode)])
        case array([EncodingNode])
    }
    var content = Content.value(.null)

    var value: JSONValue {
        switch content {
        case .value(let value): value
        case .object(let members): .object(members.map { ($0.0, $0.1.value) })
        case .array(let elements): .array(elements.map(\.value))
        }
    }

    func member(_ key: String) -> EncodingNode {
        let node = EncodingNode()
        if case .object(var members) = content {
            members.append((key, node))
            content = .object(members)
        } else {
            content = .object([(key, node)])
        }
        return node
    }

    func element() -> EncodingNode {
        let node = EncodingNode()
        if case .array(var elements) = content {
            elements.append(node)
            content = .array(elements)
        } else {
            content = .array([node])
        }
        return node
    }
}

private struct ValueEncoder: Encoder {
    let node: EncodingNode
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(codingPath: [any CodingKey], node: EncodingNode = EncodingNode()) {
        self.codingPath = codingPath
        self.node = node
    }
    private var target: EncodingNode { node }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = target.content {} else { target.content = .object([]) }
        return KeyedEncodingContainer(KeyedEncoder<Key>(node: target, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = target.content {} else { target.content = .array([]) }
        return UnkeyedEncoder(node: target, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleEncoder(node: target, codingPath: codingPath)
    }
}

/// Encodes `value` into `node` (a primitive directly, anything else through its conformance).
private func encode<T: Encodable>(_ value: T, into node: EncodingNode, codingPath: [any CodingKey]) throws {
    switch value {
    case let text as String: node.content = .value(.string(text))
    case let flag as Bool: node.content = .value(.bool(flag))
    case let number as Double: node.content = .value(.number(number))
    case let number as Int: node.content = .value(.number(Double(number)))
    default: try value.encode(to: ValueEncoder(codingPath: codingPath, node: node))
    }
}

private struct KeyedEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    var codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.member(key.stringValue).content = .value(.null) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try GestoSystem.encode(value, into: node.member(key.stringValue), codingPath: codingPath + [key])
    }
    // Nil optionals are written as null rather than left out.
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = node.member(key.stringValue)
        child.content = .object([])
        return KeyedEncodingContainer(KeyedEncoder<NestedKey>(node: child, codingPath: codingPath + [key]))
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.member(key.stringValue)
        child.content = .array([])
        return UnkeyedEncoder(node: child, codingPath: codingPath + [key])
    }
    mutating func superEncoder() -> any Encoder { ValueEncoder(codingPath: codingPath, node: node.member("super")) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { ValueEncoder(codingPath: codingPath + [key], node: node.member(key.stringValue)) }
}

private struct UnkeyedEncoder: UnkeyedEncodingContainer {
    let node: EncodingNode
    var codingPath: [any CodingKey]
    var count: Int {
        if case .array(let elements) = node.content { return elements.count }
        return 0
    }

    mutating func encodeNil() throws { node.element().content = .value(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        let key = IndexKey(intValue: count)
        try GestoSystem.encode(value, into: node.element(), codingPath: codingPath + [key])
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let key = IndexKey(intValue: count)
        let child = node.element()
        child.content = .object([])
        return KeyedEncodingContainer(KeyedEncoder<NestedKey>(node: child, codingPath: codingPath + [key]))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = IndexKey(intValue: count)
        let child = node.element()
        child.content = .array([])
        return UnkeyedEncoder(node: child, codingPath: codingPath + [key])
    }
    mutating func superEncoder() -> any Encoder {
        ValueEncoder(codingPath: codingPath + [IndexKey(intValue: count)], node: node.element())
    }
}

private struct SingleEncoder: SingleValueEncodingContainer {
    let node: EncodingNode
    var codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.content = .value(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws { try GestoSystem.encode(value, into: node, codingPath: codingPath) }
}

// MARK: - Decoding

private struct ValueDecoder: Decoder {
    let value: JSONValue
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw JSONDecodingError(codingPath, "expected an object") }
        return KeyedDecodingContainer(KeyedDecoder<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw JSONDecodingError(codingPath, "expected an array") }
        return UnkeyedDecoder(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleDecoder(value: value, codingPath: codingPath)
    }
}

/// Decodes a `T` from `value` (a primitive directly, anything else through its conformance).
private func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, codingPath: [any CodingKey]) throws -> T {
    if T.self == String.self {
        guard case .string(let text) = value else { throw JSONDecodingError(codingPath, "expected a string") }
        return text as! T
    }
    if T.self == Bool.self {
        guard case .bool(let flag) = value else { throw JSONDecodingError(codingPath, "expected true or false") }
        return flag as! T
    }
    if T.self == Double.self {
        guard case .number(let number) = value else { throw JSONDecodingError(codingPath, "expected a number") }
        return number as! T
    }
    if T.self == Int.self {
        guard case .number(let number) = value, number == number.rounded(), abs(number) < 9.0e15 else {
            throw JSONDecodingError(codingPath, "expected an integer")
        }
        return Int(number) as! T
    }
    return try T(from: ValueDecoder(value: value, codingPath: codingPath))
}

private struct KeyedDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [(String, JSONValue)]
    var codingPath: [any CodingKey]

    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.0) } }

    func member(_ key: Key) throws -> JSONValue {
        guard let value = members.first(where: { $0.0 == key.stringValue })?.1 else {
            throw JSONDecodingError(codingPath + [key], "missing")
        }
        return value
    }

    func contains(_ key: Key) -> Bool { members.contains { $0.0 == key.stringValue } }
    func decodeNil(forKey key: Key) throws -> Bool { try member(key) == .null }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let value = try member(key)
        return try GestoSystem.decode(type, from: value, codingPath: codingPath + [key])
    }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try ValueDecoder(value: try member(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ValueDecoder(value: try member(key), codingPath: codingPath + [key]).unkeyedContainer()
    }
    func superDecoder() throws -> any Decoder { ValueDecoder(value: .object(members), codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> any Decoder { ValueDecoder(value: try member(key), codingPath: codingPath + [key]) }
}

private struct UnkeyedDecoder: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    var codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    init(elements: [JSONValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    private mutating func next() throws -> (JSONValue, [any CodingKey]) {
        let path = codingPath + [IndexKey(intValue: currentIndex)]
        guard !isAtEnd else { throw JSONDecodingError(path, "missing") }
        defer { currentIndex += 1 }
        return (elements[currentIndex], path)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, path) = try next()
        return try GestoSystem.decode(type, from: value, codingPath: path)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (value, path) = try next()
        return try ValueDecoder(value: value, codingPath: path).container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, path) = try next()
        return try ValueDecoder(value: value, codingPath: path).unkeyedContainer()
    }
    mutating func superDecoder() throws -> any Decoder {
        let (value, path) = try next()
        return ValueDecoder(value: value, codingPath: path)
    }
}

private struct SingleDecoder: SingleValueDecodingContainer {
    let value: JSONValue
    var codingPath: [any CodingKey]

    func decodeNil() -> Bool { value == .null }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try GestoSystem.decode(type, from: value, codingPath: codingPath) }
}
