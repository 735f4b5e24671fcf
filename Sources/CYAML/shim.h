// libyaml's event parser (Debian: libyaml-dev): gives line and column marks for every node.
#include <yaml.h>
