// The one YAML builder (GestoYAML, which the config re-exports): a reader's say over each
// collection by its path (skip it, or take it as it completes), and the checks every
// mapping gets whatever its size.
import Testing
import GestoConfig
import GestoYAML

@Suite struct YAMLBuilderTests {
    /// Parses `text` with `handling`, collecting what is handed over with its path.
    private func parse(
        _ text: String, syntax: YAMLSyntax = .config, handling: (YAMLPath, YAMLCollectionKind) -> YAMLHandling
    ) throws -> (documents: [YAMLNode], handed: [(path: [YAMLPathComponent], node: YAMLNode)]) {
        var handed: [(path: [YAMLPathComponent], node: YAMLNode)] = []
        var bytes = Array(text.utf8)
        let documents = try bytes.withUnsafeMutableBytes { raw in
            try YAMLNode.parse(.bytes(UnsafeRawBufferPointer(raw)), file: "t.yaml", syntax: syntax, handling: handling) { path, node in
                handed.append((Array(path), node))
            }
        }
        return (documents, handed)
    }

    @Test func aSkippedListLeavesAnEmptyOneAtItsPlaceAndTheRestIntact() throws {
        let text = """
            header: {name: pad}
            frames:
              - [1, 2, {deep: [3, 4]}]
              - [5]
            after: [6, 7]
            """
        var asked: [[YAMLPathComponent]] = []
        let (documents, _) = try parse(text) { path, kind in
            asked.append(Array(path))
            return path.last == .key("frames") && kind == .sequence ? .skip : .build
        }
        let root = try #require(documents.first)
        guard case .sequence(let frames, let location)? = root["frames"] else { Issue.record("no frames list"); return }
        #expect(frames.isEmpty && location.line == 3 && location.column == 3)
        #expect(root["header"]?["name"]?.scalar == "pad")
        #expect(root["after"]?.items.map(\.scalar) == ["6", "7"])
        #expect(root["after"]?.items.last?.location.description == "t.yaml:5:12")
        // Nothing inside the skipped list was asked about: its events built nothing.
        #expect(!asked.contains { $0.count > 1 && $0[0] == .key("frames") })
    }

    @Test func handedOverItemsAreNotKeptAndKeepTheirIndices() throws {
        let text = """
            devices:
            - node: a
              events:
              - {t: 1}
              - {t: 2}
              - {t: 3}
            """
        let (documents, handed) = try parse(text) { path, _ in
            path.count == 4 && path[2] == .key("events") ? .handOver : .build
        }
        #expect(handed.map(\.path) == (0..<3).map { [.key("devices"), .index(0), .key("events"), .index($0)] })
        #expect(handed.map { $0.node["t"]?.scalar } == ["1", "2", "3"])
        #expect(handed.last?.node.location.description == "t.yaml:6:5")
        #expect(documents.first?["devices"]?.items.first?["events"]?.items.isEmpty == true)
        #expect(documents.first?["devices"]?.items.first?["node"]?.scalar == "a")
    }

    @Test func theEntriesReadSoFarAreSeenFromInsideTheMapping() throws {
        var nodes: [String?] = []
        var bytes = Array("- node: x\n  events: [{a: 1}, {a: 2}]\n".utf8)
        _ = try bytes.withUnsafeMutableBytes { raw in
            try YAMLNode.parse(.bytes(UnsafeRawBufferPointer(raw)), file: "t.yaml", syntax: .config,
                               handling: { path, _ in path.count == 3 ? .handOver : .build }) { path, _ in
                nodes.append(path.entriesSoFar(at: 1).first { $0.key == "node" }?.value.scalar)
            }
        }
        #expect(nodes == ["x", "x"])
    }

    @Test func aDuplicateKeyIsAnErrorInSmallAndLargeMappings() {
        for count in [2, 40] {
            let text = (0..<count).map { "k\($0): \($0)\n" }.joined() + "k1: again\n"
            #expect {
                _ = try YAMLNode.parse(text, file: "d.yaml")
            } throws: { error in
                "\(error)" == "d.yaml:\(count + 1):1: duplicate key 'k1' (first given at line 2)"
            }
        }
    }

    @Test func aSyntaxThatDoesNotLookForDuplicateKeysKeepsTheFirstForLookups() throws {
        let syntax = YAMLSyntax(readsAliases: false, rejectsDuplicateKeys: false, documentName: "a recording", usualDepth: "6")
        let (documents, _) = try parse("a: 1\nb: 2\na: 3\n", syntax: syntax) { _, _ in .build }
        let root = try #require(documents.first)
        #expect(root["a"]?.scalar == "1")
        guard case .mapping(let entries, _) = root else { Issue.record("not a mapping"); return }
        #expect(entries.map(\.key) == ["a", "b", "a"])
    }

    @Test func aMappingsOwnKeyOverridesAMergedOneInSmallAndLargeMappings() throws {
        for count in [1, 40] {
            let own = (0..<count).map { "  k\($0): own\n" }.joined()
            let text = "base: &b {k0: merged, extra: merged}\nm:\n  <<: *b\n" + own
            let documents = try YAMLNode.parseDocuments(text, file: "m.yaml")
            let mapping = try #require(documents.first?["m"])
            #expect(mapping["k0"]?.scalar == "own" && mapping["extra"]?.scalar == "merged")
            guard case .mapping(let entries, _) = mapping else { Issue.record("not a mapping"); return }
            #expect(entries.count == count + 1)
        }
    }

    @Test func bytesReadAsLibyamlAsksGiveTheSameTreeAndErrors() throws {
        let text = Array("a: [1, 2]\nb:\n  c: d\n".utf8)
        var offset = 0
        let documents = try YAMLNode.parse(.reader { buffer in
            let count = min(3, buffer.count, text.count - offset)
            buffer.copyBytes(from: text[offset..<offset + count])
            offset += count
            return count
        }, file: "r.yaml", syntax: .config)
        #expect(documents.first?["b"]?["c"]?.location.description == "r.yaml:3:6")
        #expect {
            _ = try YAMLNode.parse(.reader { _ in nil }, file: "r.yaml", syntax: .config)
        } throws: { error in
            (error as? YAMLError)?.location.line == 1
        }
    }
}
