// The example of DragDropGTK's overview article: a GTK window with a label in it.
import DragDropGTK
import Foundation

@MainActor func runDemo() throws -> Int32 {
  let application = try GTKApplication(id: "org.example.Demo")
  var host: GTKWindow?
  let status = application.run { application in
    host = GTKWindow(application: application, title: "Demo", size: Size(width: 640, height: 480))
    host?.window.addSubview(Label(text: "こんにちは", frame: Rect(x: 20, y: 20, width: 300, height: 40)))
    host?.present()
  }
  withExtendedLifetime(host) {}
  return status
}

do {
  exit(try MainActor.assumeIsolated { try runDemo() })
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(1)
}
