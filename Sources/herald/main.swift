import HeraldCLI

await HeraldCommand.main()
