"""One module per game; each exports its GameSpec."""
