/// A type declaration: what the registry needs to create a declared type.
struct Declaration: Sendable {
  var identifier: String
  var parents: [String]
  var mimeTypes: [String] = []
  var extensions: [String] = []
  var description: String?
}

/// The public types every registry starts with, parents first. Identifiers, conformance,
/// MIME types and extensions follow the system-declared uniform types.
enum BuiltInTypes {
  static let declarations: [Declaration] = [
    // Roots and abstract kinds.
    .init(identifier: "public.item", parents: [], description: "item"),
    .init(identifier: "public.content", parents: ["public.item"], description: "content"),
    .init(identifier: "public.composite-content", parents: ["public.content"], description: "composite content"),
    .init(
      identifier: "public.data", parents: ["public.item"], mimeTypes: ["application/octet-stream"],
      extensions: ["bin"], description: "data"),
    .init(identifier: "public.disk-image", parents: ["public.data", "public.archive"], description: "disk image"),
    .init(identifier: "public.message", parents: ["public.item"], description: "message"),
    .init(identifier: "public.contact", parents: ["public.item"], description: "contact"),
    .init(identifier: "public.spreadsheet", parents: ["public.content"], description: "spreadsheet"),
    .init(identifier: "public.presentation", parents: ["public.composite-content"], description: "presentation"),
    .init(identifier: "public.database", parents: ["public.item"], description: "database"),

    // Directories and file system items.
    .init(
      identifier: "public.directory", parents: ["public.item"], mimeTypes: ["inode/directory"],
      description: "directory"),
    .init(identifier: "public.folder", parents: ["public.directory"], description: "folder"),
    .init(identifier: "public.volume", parents: ["public.folder"], description: "volume"),
    .init(identifier: "public.package", parents: ["public.directory"], description: "package"),
    .init(identifier: "public.bundle", parents: ["public.directory"], description: "bundle"),
    .init(
      identifier: "public.symlink", parents: ["public.item"], mimeTypes: ["inode/symlink"],
      description: "symbolic link"),
    .init(identifier: "public.executable", parents: ["public.item"], description: "executable"),
    .init(
      identifier: "public.unix-executable", parents: ["public.data", "public.executable"],
      mimeTypes: ["application/x-executable"], description: "Unix executable"),

    // Text.
    .init(identifier: "public.text", parents: ["public.data", "public.content"], description: "text"),
    .init(
      identifier: "public.plain-text", parents: ["public.text"], mimeTypes: ["text/plain"],
      extensions: ["txt", "text"], description: "plain text"),
    .init(
      identifier: "public.utf8-plain-text", parents: ["public.plain-text"],
      mimeTypes: ["text/plain;charset=utf-8"], description: "UTF-8 plain text"),
    .init(
      identifier: "public.utf16-external-plain-text", parents: ["public.plain-text"],
      extensions: ["utxt"], description: "UTF-16 plain text with byte-order mark"),
    .init(
      identifier: "public.utf16-plain-text", parents: ["public.plain-text"],
      mimeTypes: ["text/plain;charset=utf-16"], description: "UTF-16 plain text"),
    .init(identifier: "public.delimited-values-text", parents: ["public.text"], description: "delimited text"),
    .init(
      identifier: "public.comma-separated-values-text", parents: ["public.delimited-values-text"],
      mimeTypes: ["text/csv"], extensions: ["csv"], description: "comma-separated values"),
    .init(
      identifier: "public.tab-separated-values-text", parents: ["public.delimited-values-text"],
      mimeTypes: ["text/tab-separated-values"], extensions: ["tsv"], description: "tab-separated values"),
    .init(
      identifier: "public.utf8-tab-separated-values-text", parents: ["public.tab-separated-values-text"],
      description: "UTF-8 tab-separated values"),
    .init(
      identifier: "public.rtf", parents: ["public.text"], mimeTypes: ["text/rtf", "application/rtf"],
      extensions: ["rtf"], description: "rich text"),
    .init(
      identifier: "public.html", parents: ["public.text"], mimeTypes: ["text/html"],
      extensions: ["html", "htm", "shtml"], description: "HTML"),
    .init(
      identifier: "public.xml", parents: ["public.text"], mimeTypes: ["application/xml", "text/xml"],
      extensions: ["xml"], description: "XML"),
    .init(
      identifier: "public.json", parents: ["public.text"], mimeTypes: ["application/json"],
      extensions: ["json"], description: "JSON"),
    .init(
      identifier: "public.yaml", parents: ["public.text"], mimeTypes: ["application/yaml", "application/x-yaml"],
      extensions: ["yaml", "yml"], description: "YAML"),
    .init(
      identifier: "net.daringfireball.markdown", parents: ["public.plain-text"], mimeTypes: ["text/markdown"],
      extensions: ["md", "markdown"], description: "Markdown"),
    .init(
      identifier: "public.log", parents: ["public.plain-text"], extensions: ["log"], description: "log"),
    .init(
      identifier: "public.vcard", parents: ["public.text", "public.contact"],
      mimeTypes: ["text/vcard", "text/x-vcard", "text/directory"], extensions: ["vcf", "vcard"],
      description: "vCard"),
    .init(
      identifier: "com.apple.ical.ics", parents: ["public.text"], mimeTypes: ["text/calendar"],
      extensions: ["ics"], description: "iCalendar"),

    // Source code and scripts.
    .init(identifier: "public.source-code", parents: ["public.plain-text"], description: "source code"),
    .init(identifier: "public.script", parents: ["public.source-code"], description: "script"),
    .init(
      identifier: "public.shell-script", parents: ["public.script"],
      mimeTypes: ["application/x-shellscript", "text/x-shellscript"], extensions: ["sh", "command"],
      description: "shell script"),
    .init(
      identifier: "public.python-script", parents: ["public.script"],
      mimeTypes: ["text/x-python3", "text/x-python"], extensions: ["py"], description: "Python script"),
    .init(
      identifier: "public.ruby-script", parents: ["public.script"], mimeTypes: ["application/x-ruby"],
      extensions: ["rb"], description: "Ruby script"),
    .init(
      identifier: "public.perl-script", parents: ["public.script"], mimeTypes: ["application/x-perl"],
      extensions: ["pl", "pm"], description: "Perl script"),
    .init(
      identifier: "public.php-script", parents: ["public.script"], mimeTypes: ["application/x-php"],
      extensions: ["php"], description: "PHP script"),
    .init(
      identifier: "com.netscape.javascript-source", parents: ["public.source-code", "public.script"],
      mimeTypes: ["text/javascript", "application/javascript"], extensions: ["js", "mjs"],
      description: "JavaScript"),
    .init(
      identifier: "public.c-source", parents: ["public.source-code"], mimeTypes: ["text/x-csrc"],
      extensions: ["c"], description: "C source"),
    .init(
      identifier: "public.c-header", parents: ["public.source-code"], mimeTypes: ["text/x-chdr"],
      extensions: ["h"], description: "C header"),
    .init(
      identifier: "public.c-plus-plus-source", parents: ["public.source-code"], mimeTypes: ["text/x-c++src"],
      extensions: ["cpp", "cc", "cxx"], description: "C++ source"),
    .init(
      identifier: "public.objective-c-source", parents: ["public.source-code"], mimeTypes: ["text/x-objcsrc"],
      extensions: ["m"], description: "Objective-C source"),
    .init(
      identifier: "public.swift-source", parents: ["public.source-code"], mimeTypes: ["text/x-swift"],
      extensions: ["swift"], description: "Swift source"),
    .init(
      identifier: "public.assembly-source", parents: ["public.source-code"], mimeTypes: ["text/x-asm"],
      extensions: ["s"], description: "assembly source"),

    // URLs.
    .init(identifier: "public.url", parents: ["public.data"], description: "URL"),
    .init(identifier: "public.file-url", parents: ["public.url"], description: "file URL"),
    .init(identifier: "public.url-name", parents: ["public.utf8-plain-text"], description: "URL name"),

    // Images.
    .init(identifier: "public.image", parents: ["public.data", "public.content"], description: "image"),
    .init(
      identifier: "public.png", parents: ["public.image"], mimeTypes: ["image/png"], extensions: ["png"],
      description: "PNG image"),
    .init(
      identifier: "public.jpeg", parents: ["public.image"], mimeTypes: ["image/jpeg", "image/jpg", "image/pjpeg"],
      extensions: ["jpeg", "jpg", "jpe"], description: "JPEG image"),
    .init(
      identifier: "com.compuserve.gif", parents: ["public.image"], mimeTypes: ["image/gif"], extensions: ["gif"],
      description: "GIF image"),
    .init(
      identifier: "public.tiff", parents: ["public.image"], mimeTypes: ["image/tiff"], extensions: ["tiff", "tif"],
      description: "TIFF image"),
    .init(
      identifier: "com.microsoft.bmp", parents: ["public.image"], mimeTypes: ["image/bmp", "image/x-bmp"],
      extensions: ["bmp"], description: "BMP image"),
    .init(
      identifier: "com.microsoft.ico", parents: ["public.image"],
      mimeTypes: ["image/vnd.microsoft.icon", "image/x-icon"], extensions: ["ico"], description: "Windows icon"),
    .init(
      identifier: "public.svg-image", parents: ["public.image"], mimeTypes: ["image/svg+xml"],
      extensions: ["svg", "svgz"], description: "SVG image"),
    .init(identifier: "public.heif-standard", parents: ["public.image"], description: "HEIF image"),
    .init(
      identifier: "public.heic", parents: ["public.heif-standard"], mimeTypes: ["image/heic"],
      extensions: ["heic"], description: "HEIC image"),
    .init(
      identifier: "public.heif", parents: ["public.heif-standard"], mimeTypes: ["image/heif"],
      extensions: ["heif"], description: "HEIF image"),
    .init(
      identifier: "org.webmproject.webp", parents: ["public.image"], mimeTypes: ["image/webp"],
      extensions: ["webp"], description: "WebP image"),
    .init(
      identifier: "public.avif", parents: ["public.image"], mimeTypes: ["image/avif"], extensions: ["avif"],
      description: "AVIF image"),
    .init(identifier: "public.camera-raw-image", parents: ["public.image"], description: "camera raw image"),
    .init(
      identifier: "org.dragdrop.untyped-image", parents: ["public.image"],
      description: "image whose format only its bytes tell"),

    // Documents.
    .init(
      identifier: "com.adobe.pdf", parents: ["public.data", "public.composite-content"],
      mimeTypes: ["application/pdf"], extensions: ["pdf"], description: "PDF document"),
    .init(
      identifier: "org.idpf.epub-container", parents: ["public.zip-archive", "public.composite-content"],
      mimeTypes: ["application/epub+zip"], extensions: ["epub"], description: "EPUB book"),

    // Audio and video.
    .init(
      identifier: "public.audiovisual-content", parents: ["public.data", "public.content"],
      description: "audiovisual content"),
    .init(identifier: "public.movie", parents: ["public.audiovisual-content"], description: "movie"),
    .init(identifier: "public.video", parents: ["public.movie"], description: "video"),
    .init(identifier: "public.audio", parents: ["public.audiovisual-content"], description: "audio"),
    .init(
      identifier: "com.apple.quicktime-movie", parents: ["public.movie"], mimeTypes: ["video/quicktime"],
      extensions: ["mov", "qt"], description: "QuickTime movie"),
    .init(
      identifier: "public.mpeg", parents: ["public.movie"], mimeTypes: ["video/mpeg"], extensions: ["mpg", "mpeg"],
      description: "MPEG movie"),
    .init(
      identifier: "public.mpeg-4", parents: ["public.movie"], mimeTypes: ["video/mp4"], extensions: ["mp4"],
      description: "MPEG-4 movie"),
    .init(
      identifier: "public.mpeg-4-audio", parents: ["public.mpeg-4", "public.audio"], mimeTypes: ["audio/mp4"],
      extensions: ["m4a"], description: "MPEG-4 audio"),
    .init(
      identifier: "public.avi", parents: ["public.movie"], mimeTypes: ["video/x-msvideo", "video/avi"],
      extensions: ["avi"], description: "AVI movie"),
    .init(
      identifier: "public.mp3", parents: ["public.audio"], mimeTypes: ["audio/mpeg", "audio/mp3"],
      extensions: ["mp3"], description: "MP3 audio"),
    .init(
      identifier: "com.microsoft.waveform-audio", parents: ["public.audio"],
      mimeTypes: ["audio/vnd.wave", "audio/wav", "audio/x-wav"], extensions: ["wav"], description: "WAVE audio"),
    .init(
      identifier: "public.aiff-audio", parents: ["public.audio"], mimeTypes: ["audio/aiff", "audio/x-aiff"],
      extensions: ["aiff", "aif"], description: "AIFF audio"),
    .init(
      identifier: "org.xiph.flac", parents: ["public.audio"], mimeTypes: ["audio/flac"], extensions: ["flac"],
      description: "FLAC audio"),

    // Archives.
    .init(identifier: "public.archive", parents: ["public.data"], description: "archive"),
    .init(
      identifier: "public.zip-archive", parents: ["public.archive"], mimeTypes: ["application/zip"],
      extensions: ["zip"], description: "ZIP archive"),
    .init(
      identifier: "org.gnu.gnu-zip-archive", parents: ["public.archive"],
      mimeTypes: ["application/gzip", "application/x-gzip"], extensions: ["gz", "gzip"],
      description: "gzip archive"),
    .init(
      identifier: "public.tar-archive", parents: ["public.archive"], mimeTypes: ["application/x-tar"],
      extensions: ["tar"], description: "tar archive"),
    .init(
      identifier: "public.bzip2-archive", parents: ["public.archive"], mimeTypes: ["application/x-bzip2"],
      extensions: ["bz2"], description: "bzip2 archive"),

    // Fonts.
    .init(identifier: "public.font", parents: ["public.data", "public.content"], description: "font"),
    .init(
      identifier: "public.truetype-ttf-font", parents: ["public.font"], mimeTypes: ["font/ttf"],
      extensions: ["ttf"], description: "TrueType font"),
    .init(
      identifier: "public.opentype-font", parents: ["public.font"], mimeTypes: ["font/otf"], extensions: ["otf"],
      description: "OpenType font"),
  ]
}
