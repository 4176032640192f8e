# This Source Code Form is subject to the terms of the Mozilla Public
# License, v. 2.0. If a copy of the MPL was not distributed with this
# file, You can obtain one at http://mozilla.org/MPL/2.0/.

## Settings page

settings-headline = { -brand-name-relay } Settings
settings-meta-contact-label = Contact us
settings-meta-help-label = Help and support
settings-meta-help-tooltip = Get help using { -brand-name-relay }
settings-meta-status-label = Service status
settings-meta-status-tooltip = Check whether all { -brand-name-relay } systems are currently operational.
settings-warning-collection-off-heading-3 = Your email mask account names are turned off
settings-warning-collection-off-description-3 = { -brand-name-relay } is not currently allowed to label your email masks with the websites where you’ve used them. To change this, enable account names for email masks under “Privacy.”
# This is the heading for the checkbox labelled with `setting-label-collection-description`.
setting-label-collection-heading-v2 = Privacy
setting-label-collection-description-3 = Enable account names for email masks
setting-label-collection-off-warning-3 = { -brand-name-firefox-relay } will store the websites where you’ve used your email masks, and label your masks with those websites so you can easily identify them. Turning this off means you won’t be able to see where you’ve used each mask, and your account names will no longer sync between devices.
settings-button-save-label = Save
# This is a read-only input where a user can copy their API key to their clipboard
setting-label-api-key = API Key
settings-api-key-description = This is your { -brand-name-relay } API Key. It allows other apps to automatically access your { -brand-name-relay } account.
settings-api-key-description-bolded = Only use this with apps that you trust to access your { -brand-name-relay } account for you.
# This is a label that appears on hover to copy the API key
settings-button-copy = Click to copy
setting-api-key-copied = Copied!
setting-api-key-copied-alt = Click to copy
setting-tracker-removal-heading = Remove Email Trackers
setting-tracker-removal-description = Remove email trackers in all forwarded emails.
setting-tracker-removal-note = { -brand-name-firefox-relay } can now remove common trackers from emails forwarded through your masks.
setting-tracker-removal-warning-2 = Important: Removing trackers may cause your email to look broken because trackers are often contained in images and links. Any emails you receive like this cannot be fixed or recovered.
