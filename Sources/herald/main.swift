// Replaced by the ArgumentParser entry point when HeraldCLI lands.
print("herald: not built yet")
