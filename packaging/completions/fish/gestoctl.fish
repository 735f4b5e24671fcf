# fish completion for gestoctl (gesto's controller). Commands and options as in
# `gestoctl help` and each command's --help.

set -l commands replay check init motion version help
complete -c gestoctl -f
complete -c gestoctl -n "not __fish_seen_subcommand_from $commands" -a replay -d 'Run the recognizers on a recording'
complete -c gestoctl -n "not __fish_seen_subcommand_from $commands" -a check -d 'Validate a config file'
complete -c gestoctl -n "not __fish_seen_subcommand_from $commands" -a motion -d 'Print or plot a spring, decay or rubber band'
complete -c gestoctl -n "not __fish_seen_subcommand_from $commands" -a init -d 'Write a starter config for this compositor'
complete -c gestoctl -n "not __fish_seen_subcommand_from $commands" -a version -d "Print gesto's version"
complete -c gestoctl -n "not __fish_seen_subcommand_from $commands" -a help -d 'Print the list of commands'

complete -c gestoctl -n '__fish_seen_subcommand_from replay' -F
complete -c gestoctl -n '__fish_seen_subcommand_from replay' -l config -r -F -d 'Bindings and thresholds to use'
complete -c gestoctl -n '__fish_seen_subcommand_from replay' -l json -d 'One JSON object per line'
complete -c gestoctl -n '__fish_seen_subcommand_from replay' -l phases -d 'Also print began, changed and arming reports'
complete -c gestoctl -n '__fish_seen_subcommand_from replay' -l app -x -d 'Treat APP_ID as the focused application'

complete -c gestoctl -n '__fish_seen_subcommand_from check' -F

complete -c gestoctl -n '__fish_seen_subcommand_from init' -s o -l output -r -F -d 'Write to FILE'
complete -c gestoctl -n '__fish_seen_subcommand_from init' -l compositor -x -a 'sway hyprland niri labwc river generic' -d 'Compositor to write bindings for'

set -l kinds spring decay rubber-band
complete -c gestoctl -n "__fish_seen_subcommand_from motion; and not __fish_seen_subcommand_from $kinds" -a "$kinds"
complete -c gestoctl -n '__fish_seen_subcommand_from motion' -l csv -d 'Print only the table'
complete -c gestoctl -n '__fish_seen_subcommand_from motion' -l svg -r -F -d 'Write a plot'
complete -c gestoctl -n '__fish_seen_subcommand_from motion' -l step -x -d 'Sampling step'
complete -c gestoctl -n '__fish_seen_subcommand_from spring decay' -l from -x -d 'Start value'
complete -c gestoctl -n '__fish_seen_subcommand_from spring decay' -l velocity -x -d 'Initial velocity'
complete -c gestoctl -n '__fish_seen_subcommand_from spring' -l to -x -d 'Target value'
complete -c gestoctl -n '__fish_seen_subcommand_from spring' -l epsilon -x -d 'Rest tolerance'
complete -c gestoctl -n '__fish_seen_subcommand_from spring' -l response -x -d 'Response (s)'
complete -c gestoctl -n '__fish_seen_subcommand_from spring' -l damping-fraction -x -d 'Damping fraction'
complete -c gestoctl -n '__fish_seen_subcommand_from spring' -l duration -x -d 'Duration (s)'
complete -c gestoctl -n '__fish_seen_subcommand_from spring' -l bounce -x -d 'Bounce'
complete -c gestoctl -n '__fish_seen_subcommand_from spring' -l damping-ratio -x -d 'Damping ratio'
complete -c gestoctl -n '__fish_seen_subcommand_from spring' -l stiffness -x -d 'Stiffness'
complete -c gestoctl -n '__fish_seen_subcommand_from spring' -l mass -x -d 'Mass'
complete -c gestoctl -n '__fish_seen_subcommand_from spring' -l damping -x -d 'Damping constant'
complete -c gestoctl -n '__fish_seen_subcommand_from decay' -l rate -x -d 'Deceleration rate per ms'
complete -c gestoctl -n '__fish_seen_subcommand_from decay' -l rest-speed -x -d 'Speed at rest'
complete -c gestoctl -n '__fish_seen_subcommand_from rubber-band' -l limit -x -d 'Where resistance starts'
complete -c gestoctl -n '__fish_seen_subcommand_from rubber-band' -l coefficient -x -d 'Coefficient'
complete -c gestoctl -n '__fish_seen_subcommand_from rubber-band' -l dimension -x -d 'Most it moves past the limit'
