"""The pygame runtime of the arcade: window, scenes' base, assets, audio, drawing."""
