"""One module per command: each takes the parsed arguments and returns the exit status."""
