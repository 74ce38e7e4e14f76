from neuralcut_cli.cli.app import main

main()
