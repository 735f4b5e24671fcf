// swift-tools-version:6.0
// gesto: touchpad gestures for Wayland sessions. The layers are described in ARCHITECTURE.md:
// GestoCore is pure (no I/O, no Foundation); everything else is an adapter around it.
import PackageDescription

// The headers of Pango (and the GLib, HarfBuzz and cairo ones it includes), which pkg-config
// would give with its -l flags: gesto opens these libraries late (CGestoDrawing), so the
// system-library targets of the libraries it opens late name no pkg-config module, and the
// two targets that see Pango's headers get them here. Debian's paths; glibconfig.h is in the
// multiarch directory.
#if arch(arm64)
let multiarch = "aarch64-linux-gnu"
#else
let multiarch = "x86_64-linux-gnu"
#endif
let pangoHeaderPaths = ["/usr/include/pango-1.0", "/usr/include/glib-2.0", "/usr/lib/\(multiarch)/glib-2.0/include",
                        "/usr/include/harfbuzz", "/usr/include/cairo"]

let package = Package(
    name: "gesto",
    products: [
        .executable(name: "gestod", targets: ["gestod"]),
        .executable(name: "gestoctl", targets: ["gestoctl"]),
        .executable(name: "gesto-bench", targets: ["gesto-bench"]),
        // The opt-in input proxy, a root system service (protocol/inputd.md).
        .executable(name: "gesto-inputd", targets: ["gesto-inputd"]),
        .library(name: "GestoCore", targets: ["GestoCore"]),
        // libgesto: the C ABI over GestoCore (and GestoConfig for YAML configs). Build it with
        // scripts/build-libgesto, which adds the SONAME, the export list and the static stdlib.
        .library(name: "gesto", type: .dynamic, targets: ["Gesto"]),
    ],
    targets: [
        // Debian's libinput-dev and libudev-dev (headers only: CGestoLibinput opens the libraries).
        .systemLibrary(
            name: "CLibinput",
            providers: [.apt(["libinput-dev", "libudev-dev"])]
        ),
        // Debian's libyaml-dev: the config parser, with line and column marks.
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // Debian's libwayland-dev: the Wayland client library (headers only: CGestoWayland opens it).
        .systemLibrary(
            name: "CWaylandClient",
            providers: [.apt(["libwayland-dev"])]
        ),
        // Debian's libxkbcommon-dev: keymaps for the virtual keyboard, key names for `keys:`
        // (headers only: CGestoXKB opens the library).
        .systemLibrary(
            name: "CXKBCommon",
            providers: [.apt(["libxkbcommon-dev"])]
        ),
        // Debian's libsystemd-dev: sd-bus and sd-login, for logind's session lock state; sd-journal
        // for the log (headers only: CGestoSystemd opens the library).
        .systemLibrary(
            name: "CSystemd",
            providers: [.apt(["libsystemd-dev"])]
        ),
        // Debian's libcairo2-dev: drawing overlay surfaces into wl_shm buffers (headers only, as
        // Pango's below: CGestoDrawing opens both).
        .systemLibrary(
            name: "CCairo",
            providers: [.apt(["libcairo2-dev"])]
        ),
        // Debian's libxml2-dev: the XML parser for Touchégg's config (`gestoctl import touchegg`;
        // headers only: CGestoXML opens the library).
        .systemLibrary(
            name: "CLibXML2",
            providers: [.apt(["libxml2-dev"])]
        ),
        // Debian's libpango1.0-dev: text on overlays, shaped by Pango and drawn with cairo.
        .systemLibrary(
            name: "CPangoCairo",
            providers: [.apt(["libpango1.0-dev"])]
        ),
        // gesto-inputd's libraries, linked (it needs all of them whenever it runs): libevdev
        // (Debian libevdev-dev) to read, grab and clone touchpads through uinput, libudev for
        // which devices are touchpads and hotplug, sd-login for who may connect.
        .systemLibrary(
            name: "CInputProxy",
            pkgConfig: "libevdev",
            providers: [.apt(["libevdev-dev", "libudev-dev", "libsystemd-dev"])]
        ),
        // Client glue made by wayland-scanner from protocol/*.xml; protocol/generate remakes it.
        .target(name: "CWaylandProtocols", dependencies: ["CWaylandClient"]),
        // The libraries gesto opens when a feature first needs them (ARCHITECTURE.md, "Libraries
        // opened late"): one target per family, whose trampolines carry the libraries' own names, so
        // the system-library targets above give headers only and no binary links the libraries.
        .target(name: "CGestoLoader"),
        .target(name: "CGestoDrawing", dependencies: ["CGestoLoader", "CCairo", "CPangoCairo"],
                cSettings: [.unsafeFlags(pangoHeaderPaths.map { "-I\($0)" })]),
        .target(name: "CGestoLibinput", dependencies: ["CGestoLoader", "CLibinput"]),
        .target(name: "CGestoWayland", dependencies: ["CGestoLoader", "CWaylandProtocols"]),
        .target(name: "CGestoXKB", dependencies: ["CGestoLoader", "CXKBCommon"]),
        .target(name: "CGestoSystemd", dependencies: ["CGestoLoader", "CSystemd"]),
        .target(name: "GestoCore", linkerSettings: [.linkedLibrary("m")]),
        // gesto's one YAML builder over libyaml's events: the config's and the recordings' reader.
        .target(name: "GestoYAML", dependencies: ["CYAML"]),
        // The config file format (YAML via libyaml): shared by the daemon and libgesto.
        .target(name: "GestoConfig", dependencies: ["GestoCore", "GestoYAML"]),
        // The public header include/gesto/gesto.h, seen by Swift so the exports use its structs.
        .systemLibrary(name: "CGestoABI"),
        // The `@_cdecl("gesto_*")` exports of libgesto. No Foundation: the stdlib links statically.
        .target(name: "Gesto", dependencies: ["GestoCore", "GestoConfig", "CGestoABI"]),
        // epoll, timerfd, signalfd, pidfd and the wait-status macros, which Glibc does not expose.
        .target(name: "CGestoSys"),
        // The system layer under every adapter: the one FileDescriptor and EINTR choke point, the
        // errno-carrying SystemError, the clocks, the event loop and what registers on it.
        // The log (stderr lines, or journal entries through libsystemd opened late) lives here
        // too: gestod and gesto-inputd write the same one.
        .target(name: "GestoSystem", dependencies: ["GestoCore", "CGestoSys", "CSystemd", "CGestoSystemd"]),
        // Commands declared as values: their usage texts, argument checking and (in GestoDaemon)
        // completions; gestoctl's, gestod's and gesto-inputd's command lines.
        .target(name: "GestoCommandLine", dependencies: ["GestoCore", "GestoSystem"]),
        .target(name: "GestoInput", dependencies: ["GestoCore", "GestoSystem", "CLibinput", "CGestoLibinput", "GestoYAML"]),
        // `gestoctl import`: other gesture tools' configs translated into gesto's. A target of its
        // own so libgesto (which links GestoConfig) does not link libxml2 and xkbcommon.
        // libxml2 behind opaque accessors: its headers bring ICU's, which clash with Foundation's copy.
        .target(name: "CGestoXML", dependencies: ["CGestoLoader", "CLibXML2"], cSettings: [.unsafeFlags(["-I/usr/include/libxml2"])]),
        .target(name: "GestoImport", dependencies: ["GestoCore", "GestoConfig", "GestoYAML", "CGestoXML", "CXKBCommon", "CGestoXKB"]),
        // Watches logind's LockedHint over sd-bus (C: sd-bus's message readers are variadic).
        .target(name: "CGestoLogind", dependencies: ["CSystemd", "CGestoSystemd"]),
        // rtkit's real-time scheduling for gestod, over sd-bus (CGestoSystemd opens libsystemd).
        .target(name: "CGestoRealtimeKit", dependencies: ["CSystemd", "CGestoSystemd"]),
        // The Wayland session (windows, virtual keyboard) and compositor IPC (sway).
        .target(name: "GestoWayland", dependencies: ["GestoCore", "GestoSystem", "GestoConfig", "CWaylandClient", "CWaylandProtocols", "CGestoWayland", "CXKBCommon", "CGestoXKB", "CCairo", "CPangoCairo", "CGestoDrawing"],
                swiftSettings: [.unsafeFlags(pangoHeaderPaths.flatMap { ["-Xcc", "-I\($0)"] })]),
        .target(name: "GestoDaemon", dependencies: ["GestoCore", "GestoSystem", "GestoCommandLine", "GestoConfig", "GestoYAML", "GestoImport", "GestoInput", "GestoWayland", "CGestoSys", "CGestoLogind", "CGestoRealtimeKit", "CSystemd", "CGestoSystemd"]),
        .executableTarget(name: "gestod", dependencies: ["GestoDaemon"]),
        // gesto-inputd: grabs touchpads, forwards them through uinput clones, withholds what the
        // session's gestod owns (protocol/inputd.md). Decisions in GestoCore (Proxy/).
        .target(name: "GestoInputProxy", dependencies: ["GestoCore", "GestoSystem", "GestoCommandLine", "CGestoSys", "CInputProxy"]),
        .executableTarget(name: "gesto-inputd", dependencies: ["GestoInputProxy"]),
        .executableTarget(name: "gestoctl", dependencies: ["GestoDaemon"]),
        // Generated input for gesto-bench and the tests that need volume; not in any shipped product.
        .target(name: "GestoBenchSupport", dependencies: ["GestoCore"]),
        .executableTarget(name: "gesto-bench", dependencies: ["GestoDaemon", "GestoSystem", "GestoWayland", "GestoBenchSupport", "CCairo"]),
        // The fuzz targets (every edge where outside bytes enter) and their libFuzzer driver,
        // built for fuzzing by scripts/fuzz; GestoFuzzTests replays the regression corpus.
        .target(name: "GestoFuzzTargets", dependencies: ["GestoCore", "GestoConfig", "GestoImport", "GestoInput", "GestoDaemon", "Gesto", "CGestoABI"]),
        .executableTarget(name: "gesto-fuzz", dependencies: ["GestoFuzzTargets", "GestoSystem"]),
        .testTarget(name: "GestoCoreTests", dependencies: ["GestoCore"]),
        .testTarget(name: "GestoConfigTests", dependencies: ["GestoConfig", "GestoYAML"]),
        .testTarget(name: "GestoInputTests", dependencies: ["GestoInput", "GestoSystem", "GestoBenchSupport"]),
        .testTarget(name: "GestoImportTests", dependencies: ["GestoImport", "GestoConfig", "GestoDaemon", "GestoCore"]),
        .testTarget(name: "GestoDaemonTests", dependencies: ["GestoDaemon", "GestoSystem", "GestoCommandLine", "GestoConfig", "GestoCore"]),
        .testTarget(name: "GestoFuzzTests", dependencies: ["GestoFuzzTargets"]),
        .testTarget(name: "GestoInputProxyTests", dependencies: ["GestoInputProxy", "GestoCommandLine", "GestoCore"]),
        // libgesto's C exports called from Swift, on real recordings (the C program of Tests/CABI
        // covers the header's C side).
        .testTarget(name: "GestoABITests", dependencies: ["Gesto", "CGestoABI", "GestoCore", "GestoInput"]),
        // Runs sway headless as an unprivileged user (its README says what CI sets up).
        .testTarget(name: "GestoWaylandTests", dependencies: ["GestoWayland", "GestoSystem", "GestoDaemon", "GestoConfig", "GestoCore"],
                    exclude: ["README.md"], swiftSettings: [.unsafeFlags(pangoHeaderPaths.flatMap { ["-Xcc", "-I\($0)"] })]),
    ],
    swiftLanguageModes: [.v6]
)
