# fish completion for gestoctl (gesto's controller). Commands and options as in
# `gestoctl help` and each command's --help.

set -l commands status reload pause resume devices bindings monitor trigger version doctor enable disable replay check init import motion help
set -l control status reload pause resume devices bindings monitor trigger version doctor
complete -c gestoctl -f
complete -c gestoctl -n "not __fish_seen_subcommand_from $commands" -a status -d 'Show the running gestod'
complete -c gestoctl -n "not __fish_seen_subcommand_from $commands" -a reload -d 'Make gestod re-read its config'
complete -c gestoctl -n "not __fish_seen_subcommand_from $commands" -a pause -d 'Stop running actions'
complete -c gestoctl -n "not __fish_seen_subcommand_from $commands" -a resume -d 'Run actions again'
complete -c gestoctl -n "not __fish_seen_subcommand_from $commands" -a devices -d 'List the touchpads gestod reads'
complete -c gestoctl -n "not __fish_seen_subcommand_from $commands" -a bindings -d 'List the active bindings'
complete -c gestoctl -n "not __fish_seen_subcommand_from $commands" -a monitor -d 'Stream recognized gestures live'
complete -c gestoctl -n "not __fish_seen_subcommand_from $commands" -a trigger -d 'Run the action bound to a gesture'
complete -c gestoctl -n "not __fish_seen_subcommand_from $commands" -a version -d "Print gestoctl's and gestod's versions"
complete -c gestoctl -n "not __fish_seen_subcommand_from $commands" -a doctor -d 'Check what gesto needs, each with its fix'
complete -c gestoctl -n "not __fish_seen_subcommand_from $commands" -a enable -d 'Start gestod at every login'
complete -c gestoctl -n "not __fish_seen_subcommand_from $commands" -a disable -d 'Stop starting gestod at login'
complete -c gestoctl -n '__fish_seen_subcommand_from enable' -l no-start -d 'Enable without starting it now'
complete -c gestoctl -n '__fish_seen_subcommand_from disable' -l no-stop -d 'Disable without stopping it now'
complete -c gestoctl -n "not __fish_seen_subcommand_from $commands" -a replay -d 'Run the recognizers on a recording'
complete -c gestoctl -n "not __fish_seen_subcommand_from $commands" -a check -d 'Validate a config file'
complete -c gestoctl -n "not __fish_seen_subcommand_from $commands" -a motion -d 'Print or plot a spring, decay or rubber band'
complete -c gestoctl -n "not __fish_seen_subcommand_from $commands" -a init -d 'Write a starter config for this compositor'
complete -c gestoctl -n "not __fish_seen_subcommand_from $commands" -a import -d "Translate another gesture tool's config"
complete -c gestoctl -n "not __fish_seen_subcommand_from $commands" -a help -d 'Print the list of commands'

# The commands that talk to gestod.
complete -c gestoctl -n "__fish_seen_subcommand_from $control" -l json -d 'Print the result as one JSON object'
complete -c gestoctl -n "__fish_seen_subcommand_from $control" -l socket -r -F -d "gestod's control socket"
complete -c gestoctl -n '__fish_seen_subcommand_from monitor' -l raw -d "Stream libinput's events and device changes"
complete -c gestoctl -n '__fish_seen_subcommand_from trigger' -l app -x -d 'Choose per-app bindings for this app_id'
complete -c gestoctl -n '__fish_seen_subcommand_from doctor' -l config -r -F -d 'The config to check'

# The gestures bound in the running gestod (`gestoctl bindings --json`), else the gesture kinds.
function __gestoctl_gestures
    set -l socket
    set -l words (commandline -opc)
    for i in (seq (count $words))
        switch $words[$i]
            case --socket
                set socket --socket $words[(math $i + 1)]
            case '--socket=*'
                set socket $words[$i]
        end
    end
    set -l bound (gestoctl bindings --json $socket 2>/dev/null | string match -ar '"gesture": "[^"]*"' | string replace -r '.*: "([^"]*)"' '$1' | sort -u)
    if set -q bound[1]
        printf '%s\tbound gesture\n' $bound
    else
        printf '%s\tgesture kind\n' swipe: pinch: rotate: hold: long-press: long-press-drag:
    end
end
# True until trigger's one gesture is given.
function __gestoctl_needs_gesture
    set -l words (commandline -opc)
    set -l after
    for i in (seq (count $words))
        if set -q after[1]
            string match -q -- '-*' $words[$i]; and continue
            contains -- $words[(math $i - 1)] --app --socket; and continue
            return 1
        end
        test $words[$i] = trigger; and set after yes
    end
    return 0
end
complete -c gestoctl -n '__fish_seen_subcommand_from trigger; and __gestoctl_needs_gesture' -a '(__gestoctl_gestures)'

complete -c gestoctl -n '__fish_seen_subcommand_from replay' -F
complete -c gestoctl -n '__fish_seen_subcommand_from replay' -l config -r -F -d 'Bindings and thresholds to use'
complete -c gestoctl -n '__fish_seen_subcommand_from replay' -l json -d 'One JSON object per line'
complete -c gestoctl -n '__fish_seen_subcommand_from replay' -l phases -d 'Also print began, changed and arming reports'
complete -c gestoctl -n '__fish_seen_subcommand_from replay' -l app -x -d 'Treat APP_ID as the focused application'

complete -c gestoctl -n '__fish_seen_subcommand_from check' -F

complete -c gestoctl -n '__fish_seen_subcommand_from init' -s o -l output -r -F -d 'Write to FILE'
complete -c gestoctl -n '__fish_seen_subcommand_from init' -l compositor -x -a 'sway hyprland niri labwc river kde gnome generic' -d 'Compositor to write bindings for'
complete -c gestoctl -n '__fish_seen_subcommand_from init' -l from -x -a 'libinput-gestures fusuma touchegg sway hyprland' -d "Start from another tool's config"

set -l formats libinput-gestures fusuma touchegg sway hyprland
complete -c gestoctl -n "__fish_seen_subcommand_from import; and not __fish_seen_subcommand_from $formats" -a "$formats"
complete -c gestoctl -n "__fish_seen_subcommand_from import; and __fish_seen_subcommand_from $formats" -F
complete -c gestoctl -n '__fish_seen_subcommand_from import' -s o -l output -r -F -d 'Write the config to FILE'
complete -c gestoctl -n '__fish_seen_subcommand_from import' -l force -d 'Overwrite the --output file'
complete -c gestoctl -n '__fish_seen_subcommand_from import' -l json -d 'Print the import as one JSON object'
complete -c gestoctl -n '__fish_seen_subcommand_from import' -l compositor -x -a 'sway hyprland niri other' -d 'Where workspace switching goes'
complete -c gestoctl -n '__fish_seen_subcommand_from import' -l fusuma-version -x -a '2 3' -d "How fusuma's pinch words read"

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
