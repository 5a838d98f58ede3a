import HeraldCLI

await HeraldCommand.runAsRoot()
