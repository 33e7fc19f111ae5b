"""Games defined only in the tests, registered through `engine.registry.register`."""
