"""The checks, one module each, named after the hook id."""
