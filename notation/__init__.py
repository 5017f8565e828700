"""t42: records of Texas 42 games — read, check, convert, format and replay them."""

__version__ = "0.1.0"
