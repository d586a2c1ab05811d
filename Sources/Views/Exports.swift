// Views draw the item providers' value types (Color, Image), so `import Views` brings them.
@_exported import ContentTypes
@_exported import ItemProviders
