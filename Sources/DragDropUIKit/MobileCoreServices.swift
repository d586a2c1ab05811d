// The uniform type identifiers UIKit code names through MobileCoreServices' `kUTType…`
// constants. Apple's are `CFString`s that code turns into strings with `as String`; these
// are strings already, so that cast does nothing.

/// The type of any item: `public.item`.
public let kUTTypeItem = "public.item"
/// The type of content a user reads or views: `public.content`.
public let kUTTypeContent = "public.content"
/// The type of any bytes: `public.data`.
public let kUTTypeData = "public.data"
/// The type of any text: `public.text`.
public let kUTTypeText = "public.text"
/// The type of text without markup: `public.plain-text`.
public let kUTTypePlainText = "public.plain-text"
/// The type of UTF-8 plain text: `public.utf8-plain-text`.
public let kUTTypeUTF8PlainText = "public.utf8-plain-text"
/// The type of HTML: `public.html`.
public let kUTTypeHTML = "public.html"
/// The type of rich text: `public.rtf`.
public let kUTTypeRTF = "public.rtf"
/// The type of a URL: `public.url`.
public let kUTTypeURL = "public.url"
/// The type of a file URL: `public.file-url`.
public let kUTTypeFileURL = "public.file-url"
/// The type of any image: `public.image`.
public let kUTTypeImage = "public.image"
/// The type of a PNG image: `public.png`.
public let kUTTypePNG = "public.png"
/// The type of a JPEG image: `public.jpeg`.
public let kUTTypeJPEG = "public.jpeg"
/// The type of a GIF image: `com.compuserve.gif`.
public let kUTTypeGIF = "com.compuserve.gif"
/// The type of a PDF document: `com.adobe.pdf`.
public let kUTTypePDF = "com.adobe.pdf"
/// The type of JSON: `public.json`.
public let kUTTypeJSON = "public.json"
/// The type of any audiovisual content: `public.audiovisual-content`.
public let kUTTypeAudiovisualContent = "public.audiovisual-content"
/// The type of a movie: `public.movie`.
public let kUTTypeMovie = "public.movie"
/// The type of audio: `public.audio`.
public let kUTTypeAudio = "public.audio"
/// The type of a folder: `public.folder`.
public let kUTTypeFolder = "public.folder"
/// The type of a directory: `public.directory`.
public let kUTTypeDirectory = "public.directory"
