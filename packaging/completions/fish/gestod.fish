# fish completion for gestod (gesto's daemon). Options as in `gestod --help`.

complete -c gestod -f
complete -c gestod -l config -r -F -d 'The config to use'
complete -c gestod -l wait-for-config -d 'Start even if the --config file does not exist yet'
complete -c gestod -l seat -x -a seat0 -d 'udev seat to read touchpads from'
complete -c gestod -l device -r -a '(__fish_complete_path /dev/input/event)' -d 'Read this device node'
complete -c gestod -l touchscreens -d 'Also read touchscreens'
complete -c gestod -l no-devices -d 'Open no input device'
complete -c gestod -l no-wayland -d 'Do not connect to the compositor'
complete -c gestod -l replay -r -F -d 'Read a recording instead of devices'
complete -c gestod -l dry-run -d 'Log the actions instead of running them'
complete -c gestod -l print-gestures -d 'Print each gesture outcome as a JSON line'
complete -c gestod -l log-level -x -a 'error warning info debug trace' -d 'Log level'
complete -c gestod -l socket -r -F -d 'The control socket gestoctl talks to'
complete -c gestod -l input-proxy-socket -r -F -d "gesto-inputd's socket"
complete -c gestod -l version -d 'Print the version'
complete -c gestod -s h -l help -d 'Print the usage'
