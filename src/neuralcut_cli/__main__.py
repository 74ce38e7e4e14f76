from neuralcut_cli.cli.entry import main

main()
