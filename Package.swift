// swift-tools-version: 6.2
import PackageDescription

/// Our own targets treat every warning as an error; dependencies keep their defaults.
let strict: [SwiftSetting] = [
  .treatAllWarnings(as: .error),
  .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
  name: "DragDrop",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "ContentTypes", targets: ["ContentTypes"]),
    .library(name: "Graphics", targets: ["Graphics"]),
    .library(name: "ItemProviders", targets: ["ItemProviders"]),
    .library(name: "Views", targets: ["Views"]),
    .library(name: "DragDrop", targets: ["DragDrop"]),
    .library(name: "DragDropHarness", targets: ["DragDropHarness"]),
    .library(name: "DragDropTesting", targets: ["DragDropTesting"]),
    .library(name: "DragDropLists", targets: ["DragDropLists"]),
    .library(name: "BackendSupport", targets: ["BackendSupport"]),
    .library(name: "DragDropGTK", targets: ["DragDropGTK"]),
    .library(name: "DragDropUI", targets: ["DragDropUI"]),
    .library(name: "DragDropUIKit", targets: ["DragDropUIKit"]),
    .library(name: "DragDropUIApp", targets: ["DragDropUIApp"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
    // Albums keeps its library in SQLite.
    .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
    // `make docs`: the DocC catalogs as a static site.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    .target(
      name: "ContentTypes",
      dependencies: [.product(name: "Logging", package: "swift-log")],
      swiftSettings: strict
    ),
    // Colours, images and geometry: the values views draw and item providers carry.
    .target(
      name: "Graphics",
      dependencies: ["ContentTypes"],
      swiftSettings: strict
    ),
    .target(
      name: "ItemProviders",
      dependencies: ["ContentTypes", "Graphics", .product(name: "Logging", package: "swift-log")],
      swiftSettings: strict
    ),
    // Geometry, views, windows, input, gesture recognisers, the clock, drawing, and scrolling:
    // what the drag and drop engine and the declarative layer are built on. It draws the
    // ItemProviders' value types, Color and Image.
    .target(
      name: "Views",
      dependencies: [
        "ContentTypes", "Graphics", "ItemProviders", .product(name: "HeapModule", package: "swift-collections"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strict
    ),
    .target(
      name: "DragDrop",
      dependencies: ["Views", "ContentTypes", "ItemProviders", .product(name: "Logging", package: "swift-log")],
      swiftSettings: strict
    ),
    .target(
      name: "DragDropLists",
      dependencies: ["DragDrop", .product(name: "Logging", package: "swift-log")],
      swiftSettings: strict
    ),
    // Declarative views in SwiftUI's manner (seed 004), built on the engine's views and
    // interactions: they run in any window, a GTK window or a headless one.
    .target(
      name: "DragDropUI",
      dependencies: ["DragDrop", "DragDropLists", .product(name: "Logging", package: "swift-log")],
      swiftSettings: strict
    ),
    // UIKit's names and shapes over the engine, so that code written for UIKit compiles with
    // only its imports changed.
    .target(
      name: "DragDropUIKit",
      // GTK draws the image renderer's images, off screen.
      dependencies: ["DragDrop", "DragDropLists", "DragDropGTK"],
      swiftSettings: strict
    ),
    // The headless harness an app or a tool may link: test windows, the delegate recorder,
    // the fake platform. It does not link Swift Testing.
    .target(
      name: "DragDropHarness",
      dependencies: ["DragDrop"],
      swiftSettings: strict
    ),
    // The harness with its Swift Testing expectations, for test targets.
    .target(
      name: "DragDropTesting",
      dependencies: ["DragDropHarness"],
      swiftSettings: strict
    ),
    // GTK 4 with pango-cairo and gdk-pixbuf (Debian: libgtk-4-dev). SwiftPM notes that it
    // drops the -pthread and -msse flags pkg-config adds; that note is harmless.
    .systemLibrary(
      name: "CGTK",
      pkgConfig: "gtk4",
      providers: [.apt(["libgtk-4-dev"])]
    ),
    // XdndFinished as the X11 target sent it, which GTK 4.8 does not pass on.
    .target(
      name: "CXdnd",
      dependencies: ["CGTK"],
      linkerSettings: [.linkedLibrary("X11")]
    ),
    // splice(2) from a pipe into a file, which Swift's Glibc does not declare.
    .target(name: "CPipes"),
    // What any backend needs beyond the platform's calls: frames recorded and compared, the
    // drag preview overlay and badges, the byte channel of transfers, and peer files.
    .target(
      name: "BackendSupport",
      dependencies: ["DragDrop", .product(name: "Logging", package: "swift-log")],
      swiftSettings: strict
    ),
    .target(
      name: "DragDropGTK",
      dependencies: [
        "DragDrop", "BackendSupport", "CGTK", "CXdnd", "CPipes", .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strict
    ),
    .target(
      name: "TestSupport",
      dependencies: ["ContentTypes", "ItemProviders", .product(name: "Logging", package: "swift-log")],
      path: "Tests/TestSupport",
      swiftSettings: strict
    ),
    // One scene per seed article, built into any window: a GTK window, or a headless one
    // driven by scripted input.
    .target(
      name: "SampleScenes",
      dependencies: ["DragDrop", "DragDropLists", "DragDropUI", "DragDropUIKit"],
      path: "Apps/SampleScenes",
      swiftSettings: strict
    ),
    // The scenes in a real GTK window (`make run`), or rendered to PNG.
    // Albums: the photo library (folder, SQLite database through GRDB) and its commands.
    .target(
      name: "AlbumsLibrary",
      dependencies: [
        "DragDrop", .product(name: "GRDB", package: "GRDB.swift"),
        // The system's error behind SQLite's "disk I/O error" (sqlite3_system_errno).
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ],
      path: "Apps/AlbumsLibrary",
      swiftSettings: strict
    ),
    // The Albums window's content, built into any window: a GTK window or a headless one.
    .target(
      name: "AlbumsUI",
      dependencies: [
        "AlbumsLibrary", "DragDrop", "DragDropLists", .product(name: "DequeModule", package: "swift-collections"),
      ],
      path: "Apps/AlbumsUI",
      swiftSettings: strict
    ),
    .executableTarget(
      name: "Albums",
      dependencies: [
        "AlbumsLibrary", "AlbumsUI", "DragDropGTK", "DragDropLists", "TraceLines",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Apps/Albums",
      swiftSettings: strict
    ),
    .testTarget(
      name: "AlbumsLibraryTests",
      dependencies: ["AlbumsLibrary", "AlbumsUI", "DragDropTesting", "TestSupport"],
      swiftSettings: strict
    ),
    .executableTarget(
      name: "Samples",
      dependencies: [
        "SampleScenes", "DragDropGTK", "TraceLines", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Apps/Samples",
      swiftSettings: strict
    ),
    // Tools: what tests and the tour use, outside the applications.
    // The trace lines a traced window prints and its drivers read, written and parsed by one type.
    .target(
      name: "TraceLines",
      path: "Tools/TraceLines",
      swiftSettings: strict
    ),
    // The scenarios the scenes share with the tests and the tour: steps, and the delegate
    // calls, journal and state they must produce; and the headless player.
    .target(
      name: "Scenarios",
      dependencies: ["SampleScenes", "DragDrop"],
      path: "Tools/Scenarios",
      swiftSettings: strict
    ),
    // Real X input for the scenes: a private Xvfb, xdotool, screenshots, and the shared
    // scenarios played in real windows.
    .target(
      name: "SampleDriver",
      dependencies: ["Scenarios", "SampleScenes", "TraceLines", "DragDrop"],
      path: "Tools/SampleDriver",
      swiftSettings: strict
    ),
    // The guided tour `make run` plays without a display: real input, screenshots, a GIF.
    .executableTarget(
      name: "Tour",
      dependencies: [
        "SampleDriver", "Scenarios", "SampleScenes", "TraceLines", "AlbumsLibrary", "DragDropGTK",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Tools/Tour",
      swiftSettings: strict
    ),
    // Declarative applications in GTK windows: App, Scene and WindowGroup.
    .target(
      name: "DragDropUIApp",
      dependencies: ["DragDropUI", "DragDropGTK"],
      swiftSettings: strict
    ),
    .executableTarget(
      name: "Seed004",
      dependencies: ["DragDropUIApp"],
      path: "Examples/Seed004",
      swiftSettings: strict
    ),
    .executableTarget(
      name: "GTKDemo",
      dependencies: ["DragDropGTK"],
      path: "Examples/GTKDemo",
      swiftSettings: strict
    ),
    .executableTarget(
      name: "QuickStart",
      dependencies: ["ContentTypes", "ItemProviders"],
      path: "Examples/QuickStart",
      swiftSettings: strict
    ),
    .testTarget(
      name: "ContentTypesTests",
      dependencies: [
        "ContentTypes", "TestSupport",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ItemProvidersTests",
      dependencies: [
        "ItemProviders", "TestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: strict
    ),
    // UIKit code as people write it: the seeds' view controllers and others written from
    // Apple's documentation, compiled in the Swift 5 language mode as most UIKit code is,
    // with only their imports changed, and run headless.
    .testTarget(
      name: "UIKitCodeTests",
      dependencies: ["DragDropUIKit", "DragDropTesting", "DragDropHarness", "TestSupport"],
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    // SwiftUI code as people write it, written from Apple's documentation, compiled in the
    // Swift 5 language mode as most such code is, with only its imports changed, and run
    // headless.
    .testTarget(
      name: "SwiftUICodeTests",
      dependencies: ["DragDropUI", "DragDropTesting", "TestSupport"],
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    // The SwiftUI corpus compiled in the Swift 6 language mode too: links to the files of
    // SwiftUICodeTests.
    .testTarget(
      name: "SwiftUICodeSwift6Tests",
      dependencies: ["DragDropUI", "DragDropTesting", "TestSupport"],
      swiftSettings: strict
    ),
    // The corpus's view controllers that Swift 6's checks allow, compiled in that mode too:
    // links to the files of UIKitCodeTests.
    .testTarget(
      name: "UIKitCodeSwift6Tests",
      dependencies: ["DragDropUIKit", "DragDropTesting", "DragDropHarness", "TestSupport"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "DragDropListsTests",
      dependencies: [
        "DragDropLists", "DragDropTesting", "TestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: strict
    ),
    // A small GTK program that the DragDropGTK tests start under Xvfb: a real window and a
    // real main loop, reporting what the engine receives.
    .executableTarget(
      name: "GTKProbe",
      dependencies: ["DragDropGTK", "DragDropUI", "TraceLines"],
      path: "Tests/GTKProbe",
      swiftSettings: strict
    ),
    // A virtual pointer for the tests on Wayland (sway, headless), as xdotool is on X11.
    .executableTarget(
      name: "WaylandPointer",
      path: "Tests/WaylandPointer",
      exclude: ["wlr-virtual-pointer-unstable-v1.xml", "virtual-keyboard-unstable-v1.xml"],
      linkerSettings: [.linkedLibrary("wayland-client"), .linkedLibrary("xkbcommon")]
    ),
    // Misuse that once trapped, one case per process; the MisuseTests run each case.
    .executableTarget(
      name: "MisuseProbe",
      dependencies: ["DragDropLists", "DragDropTesting"],
      path: "Tests/MisuseProbe",
      swiftSettings: strict
    ),
    .testTarget(
      name: "DragDropGTKTests",
      dependencies: ["DragDropGTK", "DragDropTesting", "TestSupport", "SampleDriver", "TraceLines"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "SampleScenesTests",
      dependencies: [
        "SampleScenes", "Scenarios", "DragDropUIKit", "SampleDriver", "TraceLines", "DragDropGTK", "DragDropLists",
        "DragDropTesting",
        "TestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "DragDropUIAppTests",
      dependencies: ["DragDropUIApp", "DragDropTesting", "Views"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "DragDropUITests",
      dependencies: [
        "DragDrop", "DragDropUI", "DragDropTesting", "DragDropHarness", "TestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ViewsTests",
      dependencies: [
        "Views", "TestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "DragDropTests",
      dependencies: [
        "DragDrop", "DragDropTesting", "TestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: strict
    ),
  ]
)
