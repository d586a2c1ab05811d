// The README's example, built with every `make test` so that it stays true.
import ContentTypes
import ItemProviders

let provider = ItemProvider(object: "北海道")  // offers UTF-8 and UTF-16 text
print(provider.hasItemConforming(to: .plainText))  // true: conformance, not equality
print(ContentType(filenameExtension: "jpg") == .jpeg)  // true
print(ContentType(mimeType: "text/plain; charset=utf-8") == .utf8PlainText)  // true

let progress = provider.loadObject(ofClass: String.self) { result in
  if case .success(let text) = result { print(text) }  // "北海道", on a background queue
}  // progress.cancel() would stop it
let text = try await provider.loadObject(ofClass: String.self)  // the same, async
print(text, progress.fractionCompleted)
