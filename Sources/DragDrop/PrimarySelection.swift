import Foundation

/// The desktop's primary selection: the text selected last, in any application, which a
/// middle click pastes (X11's `PRIMARY`, Wayland's primary selection). It is not a
/// pasteboard, and UIKit has none: it holds text, changes whenever a selection does, and
/// leaves the general pasteboard alone.
///
/// Text fields offer their selection through it as it changes, and paste it at a middle
/// click. A GTK window sets ``port`` to the display's primary clipboard; where there is no
/// port (headless, without a display) selecting offers nothing and a middle click pastes
/// nothing.
@MainActor
public enum PrimarySelection {
  /// The platform's primary selection; nil where there is none.
  public static var port: (any ClipboardPort)?

  /// Offers `text` as the primary selection, to this process and every other application.
  public static func select(_ text: String) {
    guard let port, !text.isEmpty else { return }
    let provider = ItemProvider()
    provider.registerObject(text, visibility: .all)
    port.publish([provider])
  }

  /// The primary selection's text, read at once from whichever application holds it (the
  /// main loop runs until it answers, for a few seconds at most); nil when there is none,
  /// or it is not text.
  public static func text() -> String? {
    guard let port else { return nil }
    for mimeType in PlatformFormats.textMIMETypes {
      let raw: Data
      do {
        raw = try port.readNow(mimeType)
      } catch PlatformTransferError.peerVanished, PlatformTransferError.stalled {
        // The selection changed hands, or its owner stopped answering: no other type of
        // the same text will come either.
        return nil
      } catch {
        continue  // not offered as that type: the next one
      }
      let representation = PlatformFormats.IncomingRepresentation(
        contentType: .utf8PlainText, mimeType: mimeType, decoding: .text)
      guard let data = try? PlatformFormats.decode(raw, as: representation) else { return nil }
      return String(data: data, encoding: .utf8)
    }
    return nil
  }
}
