# fish completion for gestoctl (gesto's controller), printed by `gestoctl completion fish`
# from the commands' declarations (Sources/GestoDaemon/CLI): regenerate it, do not edit it.

# True when the words before the one being completed are `gestoctl` and then exactly $argv.
function __gestoctl_words_are
    set -l words (commandline -opc)
    set -e words[1]
    test "$words" = "$argv"
end

# True when the command line's command (and subcommand) are $argv.
function __gestoctl_command_is
    set -l words (commandline -opc)
    set -e words[1]
    test (count $words) -ge (count $argv); or return 1
    for i in (seq (count $argv))
        test "$words[$i]" = "$argv[$i]"; or return 1
    end
end

# True when the word being completed is argument $argv[2] (from 0) after the first $argv[1]
# words, counting neither options nor the values of the options named after those two.
function __gestoctl_argument_is
    set -l valued $argv
    set -e valued[1..2]
    set -l words (commandline -opc)
    set -l n 0
    for i in (seq (math $argv[1] + 1) (count $words))
        string match -q -- '-?*' $words[$i]; and continue
        contains -- $words[(math $i - 1)] $valued; and continue
        set n (math $n + 1)
    end
    test $n -eq $argv[2]
end

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

complete -c gestoctl -f
complete -c gestoctl -n '__gestoctl_words_are' -a status -d 'running or paused, config, touchpads, counts, uptime, Wayland'
complete -c gestoctl -n '__gestoctl_words_are' -a reload -d 're-read the config (errors are printed; the last good config stays)'
complete -c gestoctl -n '__gestoctl_words_are' -a pause -d 'stop running actions (gestures are still recognized)'
complete -c gestoctl -n '__gestoctl_words_are' -a resume -d 'run actions again after pause'
complete -c gestoctl -n '__gestoctl_words_are' -a devices -d 'the touchpads gestod reads'
complete -c gestoctl -n '__gestoctl_words_are' -a bindings -d 'the active bindings (per-app ones marked)'
complete -c gestoctl -n '__gestoctl_words_are' -a monitor -d 'stream recognized gestures (or libinput\'s events, --raw) live'
complete -c gestoctl -n '__gestoctl_words_are' -a trigger -d 'run the action bound to a gesture without performing it [--app ID]'
complete -c gestoctl -n '__gestoctl_words_are' -a version -d 'gestoctl\'s version, and gestod\'s if it runs'
complete -c gestoctl -n '__gestoctl_words_are' -a doctor -d 'check what gesto needs (touchpads, compositor, config, gestod), each with its fix'
complete -c gestoctl -n '__gestoctl_words_are' -a enable -d 'start gestod at every login (the systemd user unit)'
complete -c gestoctl -n '__gestoctl_words_are' -a disable -d 'stop starting gestod at every login'
complete -c gestoctl -n '__gestoctl_words_are' -a replay -d 'run the recognizers on a recording and print each gesture outcome'
complete -c gestoctl -n '__gestoctl_words_are' -a check -d 'validate a config file'
complete -c gestoctl -n '__gestoctl_words_are' -a motion -d 'print or plot a spring, decay or rubber band (to tune animations)'
complete -c gestoctl -n '__gestoctl_words_are' -a init -d 'write a commented starter config for this compositor'
complete -c gestoctl -n '__gestoctl_words_are' -a import -d 'translate a libinput-gestures, fusuma, Touchégg, sway or Hyprland config'
complete -c gestoctl -n '__gestoctl_words_are' -a completion -d 'print the completion script for bash, zsh or fish'
complete -c gestoctl -n '__gestoctl_words_are' -a help -d 'print the list of commands, or a command\'s usage'
complete -c gestoctl -n '__gestoctl_command_is status' -l json -d 'print the result as one JSON object'
complete -c gestoctl -n '__gestoctl_command_is status' -l socket -r -F -d 'gestod\'s control socket'
complete -c gestoctl -n '__gestoctl_command_is status' -s h -l help -d 'print the usage'
complete -c gestoctl -n '__gestoctl_command_is reload' -l json -d 'print the result as one JSON object'
complete -c gestoctl -n '__gestoctl_command_is reload' -l socket -r -F -d 'gestod\'s control socket'
complete -c gestoctl -n '__gestoctl_command_is reload' -s h -l help -d 'print the usage'
complete -c gestoctl -n '__gestoctl_command_is pause' -l json -d 'print the result as one JSON object'
complete -c gestoctl -n '__gestoctl_command_is pause' -l socket -r -F -d 'gestod\'s control socket'
complete -c gestoctl -n '__gestoctl_command_is pause' -s h -l help -d 'print the usage'
complete -c gestoctl -n '__gestoctl_command_is resume' -l json -d 'print the result as one JSON object'
complete -c gestoctl -n '__gestoctl_command_is resume' -l socket -r -F -d 'gestod\'s control socket'
complete -c gestoctl -n '__gestoctl_command_is resume' -s h -l help -d 'print the usage'
complete -c gestoctl -n '__gestoctl_command_is devices' -l json -d 'print the result as one JSON object'
complete -c gestoctl -n '__gestoctl_command_is devices' -l socket -r -F -d 'gestod\'s control socket'
complete -c gestoctl -n '__gestoctl_command_is devices' -s h -l help -d 'print the usage'
complete -c gestoctl -n '__gestoctl_command_is bindings' -l json -d 'print the result as one JSON object'
complete -c gestoctl -n '__gestoctl_command_is bindings' -l socket -r -F -d 'gestod\'s control socket'
complete -c gestoctl -n '__gestoctl_command_is bindings' -s h -l help -d 'print the usage'
complete -c gestoctl -n '__gestoctl_command_is monitor' -l raw -d 'stream libinput\'s gesture events and device changes instead'
complete -c gestoctl -n '__gestoctl_command_is monitor' -l json -d 'print the result as one JSON object'
complete -c gestoctl -n '__gestoctl_command_is monitor' -l socket -r -F -d 'gestod\'s control socket'
complete -c gestoctl -n '__gestoctl_command_is monitor' -s h -l help -d 'print the usage'
complete -c gestoctl -n '__gestoctl_command_is trigger' -l app -x -d 'choose per-app bindings for this app_id'
complete -c gestoctl -n '__gestoctl_command_is trigger' -l json -d 'print the result as one JSON object'
complete -c gestoctl -n '__gestoctl_command_is trigger' -l socket -r -F -d 'gestod\'s control socket'
complete -c gestoctl -n '__gestoctl_command_is trigger' -s h -l help -d 'print the usage'
complete -c gestoctl -n '__gestoctl_command_is trigger; and __gestoctl_argument_is 2 0 --app --socket' -a '(__gestoctl_gestures)' -d 'the gesture to trigger, such as swipe:3:left'
complete -c gestoctl -n '__gestoctl_command_is version' -l json -d 'print the result as one JSON object'
complete -c gestoctl -n '__gestoctl_command_is version' -l socket -r -F -d 'gestod\'s control socket'
complete -c gestoctl -n '__gestoctl_command_is version' -s h -l help -d 'print the usage'
complete -c gestoctl -n '__gestoctl_command_is doctor' -l json -d 'print the result as one JSON object'
complete -c gestoctl -n '__gestoctl_command_is doctor' -l socket -r -F -d 'gestod\'s control socket'
complete -c gestoctl -n '__gestoctl_command_is doctor' -l config -r -F -d 'the config to check'
complete -c gestoctl -n '__gestoctl_command_is doctor' -s h -l help -d 'print the usage'
complete -c gestoctl -n '__gestoctl_command_is enable' -l no-start -d 'enable it without starting it now'
complete -c gestoctl -n '__gestoctl_command_is enable' -l input-proxy -d 'the input proxy gesto-inputd instead'
complete -c gestoctl -n '__gestoctl_command_is enable' -s h -l help -d 'print the usage'
complete -c gestoctl -n '__gestoctl_command_is disable' -l no-stop -d 'disable it without stopping it now'
complete -c gestoctl -n '__gestoctl_command_is disable' -l input-proxy -d 'the input proxy gesto-inputd instead'
complete -c gestoctl -n '__gestoctl_command_is disable' -s h -l help -d 'print the usage'
complete -c gestoctl -n '__gestoctl_command_is replay' -l config -r -F -d 'bindings and thresholds to use'
complete -c gestoctl -n '__gestoctl_command_is replay' -l json -d 'one JSON object per line'
complete -c gestoctl -n '__gestoctl_command_is replay' -l phases -d 'also print began, changed and arming reports, commitments and diagnostics'
complete -c gestoctl -n '__gestoctl_command_is replay' -l early-actions -d 'list every early action beside its gesture\'s outcome'
complete -c gestoctl -n '__gestoctl_command_is replay' -l app -x -d 'treat APP_ID as the focused application'
complete -c gestoctl -n '__gestoctl_command_is replay' -s h -l help -d 'print the usage'
complete -c gestoctl -n '__gestoctl_command_is replay; and __gestoctl_argument_is 2 0 --config --app' -F -d 'the recording to replay'
complete -c gestoctl -n '__gestoctl_command_is check' -s h -l help -d 'print the usage'
complete -c gestoctl -n '__gestoctl_command_is check; and __gestoctl_argument_is 2 0' -F -d 'the config to check (- reads standard input)'
complete -c gestoctl -n '__gestoctl_words_are motion' -a spring -d 'a damped spring'
complete -c gestoctl -n '__gestoctl_words_are motion' -a decay -d 'a flick coasting to rest'
complete -c gestoctl -n '__gestoctl_words_are motion' -a rubber-band -d 'the resistance past a bound'
complete -c gestoctl -n '__gestoctl_command_is motion spring' -l response -x -d 'response in seconds'
complete -c gestoctl -n '__gestoctl_command_is motion spring' -l damping-fraction -x -d 'damping fraction'
complete -c gestoctl -n '__gestoctl_command_is motion spring' -l duration -x -d 'duration in seconds'
complete -c gestoctl -n '__gestoctl_command_is motion spring' -l bounce -x -d 'bounce'
complete -c gestoctl -n '__gestoctl_command_is motion spring' -l damping-ratio -x -d 'damping ratio'
complete -c gestoctl -n '__gestoctl_command_is motion spring' -l stiffness -x -d 'stiffness'
complete -c gestoctl -n '__gestoctl_command_is motion spring' -l mass -x -d 'mass'
complete -c gestoctl -n '__gestoctl_command_is motion spring' -l damping -x -d 'damping constant'
complete -c gestoctl -n '__gestoctl_command_is motion spring' -l from -x -d 'start value'
complete -c gestoctl -n '__gestoctl_command_is motion spring' -l to -x -d 'target value'
complete -c gestoctl -n '__gestoctl_command_is motion spring' -l velocity -x -d 'initial velocity in units/s'
complete -c gestoctl -n '__gestoctl_command_is motion spring' -l epsilon -x -d 'rest tolerance'
complete -c gestoctl -n '__gestoctl_command_is motion spring' -l csv -d 'print only the table'
complete -c gestoctl -n '__gestoctl_command_is motion spring' -l svg -r -F -d 'write a plot with the settle time marked'
complete -c gestoctl -n '__gestoctl_command_is motion spring' -l step -x -d 'the sampling step'
complete -c gestoctl -n '__gestoctl_command_is motion spring' -s h -l help -d 'print the usage'
complete -c gestoctl -n '__gestoctl_command_is motion decay' -l velocity -x -d 'initial velocity in units/s'
complete -c gestoctl -n '__gestoctl_command_is motion decay' -l from -x -d 'start value'
complete -c gestoctl -n '__gestoctl_command_is motion decay' -l rate -x -d 'deceleration rate per ms'
complete -c gestoctl -n '__gestoctl_command_is motion decay' -l rest-speed -x -d 'speed at rest in units/s'
complete -c gestoctl -n '__gestoctl_command_is motion decay' -l csv -d 'print only the table'
complete -c gestoctl -n '__gestoctl_command_is motion decay' -l svg -r -F -d 'write a plot with the settle time marked'
complete -c gestoctl -n '__gestoctl_command_is motion decay' -l step -x -d 'the sampling step'
complete -c gestoctl -n '__gestoctl_command_is motion decay' -s h -l help -d 'print the usage'
complete -c gestoctl -n '__gestoctl_command_is motion rubber-band' -l limit -x -d 'where resistance starts'
complete -c gestoctl -n '__gestoctl_command_is motion rubber-band' -l coefficient -x -d 'coefficient'
complete -c gestoctl -n '__gestoctl_command_is motion rubber-band' -l dimension -x -d 'the most it moves past the limit'
complete -c gestoctl -n '__gestoctl_command_is motion rubber-band' -l csv -d 'print only the table'
complete -c gestoctl -n '__gestoctl_command_is motion rubber-band' -l svg -r -F -d 'write a plot with the settle time marked'
complete -c gestoctl -n '__gestoctl_command_is motion rubber-band' -l step -x -d 'the sampling step'
complete -c gestoctl -n '__gestoctl_command_is motion rubber-band' -s h -l help -d 'print the usage'
complete -c gestoctl -n '__gestoctl_command_is init' -s o -l output -r -F -d 'write the config to FILE'
complete -c gestoctl -n '__gestoctl_command_is init' -l compositor -x -a 'sway hyprland niri labwc river kde gnome generic' -d 'the compositor to write bindings for'
complete -c gestoctl -n '__gestoctl_command_is init' -l from -x -a 'libinput-gestures fusuma touchegg sway hyprland' -d 'start from another tool\'s config'
complete -c gestoctl -n '__gestoctl_command_is init' -s h -l help -d 'print the usage'
complete -c gestoctl -n '__gestoctl_command_is init; and __gestoctl_argument_is 2 0 --output -o --compositor --from' -F -d 'the config to start from'
complete -c gestoctl -n '__gestoctl_command_is import' -s o -l output -r -F -d 'write the config to FILE instead of printing it'
complete -c gestoctl -n '__gestoctl_command_is import' -l force -d 'overwrite the --output file'
complete -c gestoctl -n '__gestoctl_command_is import' -l json -d 'print the import as one JSON object'
complete -c gestoctl -n '__gestoctl_command_is import' -l compositor -x -a 'sway hyprland niri other' -d 'where workspace switching goes'
complete -c gestoctl -n '__gestoctl_command_is import' -l fusuma-version -x -a '2 3' -d 'how fusuma\'s pinch words read'
complete -c gestoctl -n '__gestoctl_command_is import' -s h -l help -d 'print the usage'
complete -c gestoctl -n '__gestoctl_command_is import; and __gestoctl_argument_is 2 0 --output -o --compositor --fusuma-version' -a 'libinput-gestures fusuma touchegg sway hyprland' -d 'the format to import'
complete -c gestoctl -n '__gestoctl_command_is import; and __gestoctl_argument_is 2 1 --output -o --compositor --fusuma-version' -F -d 'the config to import'
complete -c gestoctl -n '__gestoctl_command_is completion' -s h -l help -d 'print the usage'
complete -c gestoctl -n '__gestoctl_command_is completion; and __gestoctl_argument_is 2 0' -a 'bash zsh fish' -d 'the shell to complete in'
complete -c gestoctl -n '__gestoctl_command_is help' -s h -l help -d 'print the usage'
complete -c gestoctl -n '__gestoctl_command_is help; and __gestoctl_argument_is 2 0' -a 'status reload pause resume devices bindings monitor trigger version doctor enable disable replay check motion init import completion' -d 'the command to explain'
