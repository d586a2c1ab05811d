// Views draw the graphics values (Color, Image, geometry), so `import Views` brings them.
@_exported import ContentTypes
@_exported import Graphics
