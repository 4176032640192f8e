cosmic-terminal = COSMIC Terminal
comment = Terminal emulator for the COSMIC desktop
keywords = Command;Shell;Terminal;CLI;
new-terminal = New terminal

# Context Pages

## About
repository = Repository
support = Support

## Color schemes
color-schemes = Color schemes
rename = Rename
export = Export
delete = Delete
import = Import
import-errors = Import errors

## Profiles
profiles = Profiles
name = Name
command-line = Command line
tab-title = Tab title
tab-title-description = Override the default tab title
add-profile = Add profile
new-profile = New profile
make-default = Make default
working-directory = Working directory
hold = Hold
remain-open = Remain open after child process exits.

## Settings
settings = Settings

### Appearance
appearance = Appearance
theme = Theme
match-desktop = Match desktop
dark = Dark
light = Light
syntax-dark = Color scheme dark
syntax-light = Color scheme light
default-zoom-step = Zoom steps
opacity = Background opacity

### Font
font = Font
advanced-font-settings = Advanced font settings
default-font = Font
default-font-size = Font size
default-font-stretch = Font stretch
default-font-weight = Normal font weight
default-dim-font-weight = Dim font weight
default-bold-font-weight = Bold font weight
use-bright-bold = Make bold text brighter

### Splits
splits = Splits
focus-follow-mouse = Typing focus follows mouse
show-pane-borders = Show pane borders

### Advanced
advanced = Advanced
show-headerbar = Show header
show-header-description = Reveal the header from the right-click menu
tab-new-inherit-working-directory = New tabs and windows use current directory
tab-new-inherit-working-directory-description = Open new tabs and windows in the active tab's working directory

### Keyboard shortcuts
add-another-keybinding = Add another keybinding
cancel = Cancel
close-window = Close window
copy-or-sigint = Copy or SIGINT
disable = Disable
focus-pane-down = Focus pane down
focus-pane-left = Focus pane left
focus-pane-right = Focus pane right
focus-pane-up = Focus pane up
keyboard-shortcuts = Keyboard shortcuts
menu-keyboard-shortcuts = Keyboard shortcuts...
no-shortcuts = No shortcuts
password-manager = Password manager
paste-primary = Paste primary
replace = Replace
reset-to-default = Reset to default
shortcut-capture-hint = Press the key combination
shortcut-group-clipboard = Clipboard
shortcut-group-other = Other
shortcut-group-tabs = Tabs
shortcut-group-window = Window
shortcut-group-zoom = Zoom
shortcut-replace-body = { $binding } is already assigned to { $existing }. Replace it with { $new_action }?
shortcut-replace-title = Replace shortcut?
tab-activate = Activate tab { $number }
toggle-fullscreen = Toggle fullscreen
type-to-search = Type to search...

# Find
find-placeholder = Find...
find-previous = Find previous
find-next = Find next

# Menu

## File
file = File
new-tab = New tab
new-window = New window
profile = Profile
menu-profiles = Profiles...
close-tab = Close tab
quit = Quit

## Edit
edit = Edit
copy = Copy
paste = Paste
select-all = Select all
find = Find
clear-scrollback = Clear scrollback

## Open
open-link = Open Link
copy-link = Copy Link

## View
view = View
zoom-in = Larger text
zoom-reset = Default text size
zoom-out = Smaller text
next-tab = Next tab
previous-tab = Previous tab
split-horizontal = Split horizontal
split-vertical = Split vertical
pane-toggle-maximize = Toggle maximized
menu-color-schemes = Color schemes...
menu-settings = Settings...
menu-about = About COSMIC Terminal...

# Password Manager
menu-password-manager = Passwords...
passwords-title = Passwords
add-password = Add Password
password-input = Password
password-input-description = Description
