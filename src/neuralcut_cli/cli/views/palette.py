"""Colours per element type, shared by the table, the lanes and the diffs."""

ELEMENT_STYLE = {
    "video": "bold white on blue",
    "image": "bold black on cyan",
    "audio": "bold black on green",
    "text": "bold black on yellow",
    "sticker": "bold white on magenta",
    "effect": "bold white on red",
}

TYPE_COLOUR = {
    "video": "blue",
    "image": "cyan",
    "audio": "green",
    "text": "yellow",
    "sticker": "magenta",
    "effect": "red",
}

#: A second shade per type, so that neighbouring elements stay apart in colour.
ELEMENT_STYLE_ALT = {
    "video": "bold white on bright_blue",
    "image": "bold black on bright_cyan",
    "audio": "bold black on bright_green",
    "text": "bold black on bright_yellow",
    "sticker": "bold white on bright_magenta",
    "effect": "bold white on bright_red",
}
