"""The app runtime: scene manager, assets, audio, settings, AI worker, network, Tk parts."""
