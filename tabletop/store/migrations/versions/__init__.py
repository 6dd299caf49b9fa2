"""One module per schema version; ``revision`` ids are the schema version numbers."""
