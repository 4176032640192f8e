<?xml version="1.0" ?><!DOCTYPE TS><TS version="2.1" language="fr_CA">
<context>
    <name>BrowserSettingsWidget</name>
    <message>
        <source>Dialog</source>
        <translation>Boîte de dialogue</translation>
    </message>
    <message>
        <source>This is required for accessing your databases with KeePassXC-Browser</source>
        <translation>Requis pour accéder à vos bases de données avec KeePassXC-Browser</translation>
    </message>
    <message>
        <source>Enable browser integration</source>
        <translation>Activer l’intégration aux navigateurs</translation>
    </message>
    <message>
        <source>General</source>
        <translation>Général</translation>
    </message>
    <message>
        <source>Browsers installed as snaps are currently not supported.</source>
        <translation>Les navigateurs installés en tant que snap ne sont pas pris en charge actuellement.</translation>
    </message>
    <message>
        <source>Enable integration for these browsers:</source>
        <translation>Activer l’intégration pour ces navigateurs :</translation>
    </message>
    <message>
        <source>Vivaldi</source>
        <translation>Vivaldi</translation>
    </message>
    <message>
        <source>&amp;Edge</source>
        <translation>&amp;Edge</translation>
    </message>
    <message>
        <source>Firefox</source>
        <translation>Firefox</translation>
    </message>
    <message>
        <source>Tor Browser</source>
        <translation>Navigateur Tor</translation>
    </message>
    <message>
        <source>Brave</source>
        <translation>Brave</translation>
    </message>
    <message>
        <source>Google Chrome</source>
        <translation>Google Chrome</translation>
    </message>
    <message>
        <source>Chromium</source>
        <translation>Chromium</translation>
    </message>
    <message>
        <source>Show a notification when credentials are requested</source>
        <extracomment>Credentials mean login data requested via browser extension</extracomment>
        <translation>Afficher une notification quand les identifiants sont demandés</translation>
    </message>
    <message>
        <source>Request to unlock the database if it is locked</source>
        <translation>Demander de déverrouiller la base de données si elle est verrouillée</translation>
    </message>
    <message>
        <source>Only entries with the same scheme (http://, https://, …) are returned.</source>
        <translation type="unfinished"/>
    </message>
    <message>
        <source>Match URL scheme (e.g., https://example.com)</source>
        <translation type="unfinished"/>
    </message>
    <message>
        <source>Only returns the best matches for a specific URL instead of all entries for the whole domain.</source>
        <translation>Ne renvoie que les meilleures correspondances pour une URL précise au lieu de toutes les entrées du domaine entier.</translation>
    </message>
    <message>
        <source>Return only best-matching credentials</source>
        <translation>Retourner que les identifiants qui correspondent le mieux</translation>
    </message>
    <message>
        <source>Returns expired credentials. String [expired] is added to the title.</source>
        <translation>Retourne les identifiants expirés. La chaîne [expiré] est ajoutée au titre.</translation>
    </message>
    <message>
        <source>Allow returning expired credentials</source>
        <translation>Permettre de retourner des identifiants expirés</translation>
    </message>
    <message>
        <source>All databases connected to the extension will return matching credentials.</source>
        <translation>Toutes les bases de données connectées à l’extension retourneront les identifiants correspondants.</translation>
    </message>
    <message>
        <source>Search in all opened databases for matching credentials</source>
        <extracomment>Credentials mean login data requested via browser extension</extracomment>
        <translation>Chercher les identifiants correspondants dans toutes les bases de données ouvertes</translation>
    </message>
    <message>
        <source>Advanced</source>
        <translation>Avancé</translation>
    </message>
    <message>
        <source>Never ask before accessing credentials</source>
        <extracomment>Credentials mean login data requested via browser extension</extracomment>
        <translation>Ne jamais demander avant d’accéder aux identifiants</translation>
    </message>
    <message>
        <source>Never ask before updating credentials</source>
        <extracomment>Credentials mean login data requested via browser extension</extracomment>
        <translation>Ne jamais demander avant de mettre les identifiants à jour</translation>
    </message>
    <message>
        <source>Do not ask permission for HTTP Basic Auth</source>
        <extracomment>An extra HTTP Basic Auth setting</extracomment>
        <translation>Ne pas demander d’autorisation pour l’authentification HTTP Basic</translation>
    </message>
    <message>
        <source>Automatically creating or updating string fields is not supported.</source>
        <translation>Ni la création ni la mise à jour automatique des champs de chaîne ne sont prises en charge.</translation>
    </message>
    <message>
        <source>Return advanced string fields which start with &quot;KPH: &quot;</source>
        <translation>Retourner les champs de chaîne avancés qui commencent par « KPH:  »</translation>
    </message>
    <message>
        <source>Don&apos;t display the popup suggesting migration of legacy KeePassHTTP settings.</source>
        <translation>Ne pas afficher la fenêtre de suggestion de migration des paramètres de KeePassHTTP hérités.</translation>
    </message>
    <message>
        <source>Do not prompt for KeePassHTTP settings migration.</source>
        <translation>Ne pas proposer la migration des paramètres de KeePassHTTP.</translation>
    </message>
    <message>
        <source>Updates KeePassXC or keepassxc-proxy binary path automatically to native messaging scripts on startup.</source>
        <translation>Met automatiquement à jour le chemin des exécutables KeePassXC ou keepassxc-proxy vers les scripts de messagerie native lors du démarrage.</translation>
    </message>
    <message>
        <source>Update native messaging manifest files at startup</source>
        <translation>Mettre les fichiers manifeste de la messagerie native à jour au lancement</translation>
    </message>
    <message>
        <source>Use a custom proxy location if you installed a proxy manually.</source>
        <translation>Utiliser un emplacement de mandataire personnalisé si vous avez installé un mandataire manuellement.</translation>
    </message>
    <message>
        <source>Use a custom proxy location:</source>
        <comment>Meant is the proxy for KeePassXC-Browser</comment>
        <translation>Utiliser un emplacement de mandataire personnalisé :</translation>
    </message>
    <message>
        <source>Custom proxy location field</source>
        <translation>Champ d’emplacement de mandataire personnalisé</translation>
    </message>
    <message>
        <source>Browser for custom proxy file</source>
        <translation>Sélectionner un fichier de mandataire personnalisé</translation>
    </message>
    <message>
        <source>Browse…</source>
        <extracomment>Button for opening file dialog</extracomment>
        <translation>Parcourir...</translation>
    </message>
    <message>
        <source>Use a custom browser configuration location:</source>
        <translation>Utiliser un emplacement de navigateur personnalisé :</translation>
    </message>
    <message>
        <source>Browser type:</source>
        <translation>Type de navigateur :</translation>
    </message>
    <message>
        <source>Toolbar button style</source>
        <translation>Style des boutons de la barre d’outils</translation>
    </message>
    <message>
        <source>Config Location:</source>
        <translation>Emplacement de configuration :</translation>
    </message>
    <message>
        <source>Custom browser location field</source>
        <translation>Champ d’emplacement de navigateur personnalisé</translation>
    </message>
    <message>
        <source>Browse for custom browser path</source>
        <translation>Sélectionner un chemin personnalisé de navigateur</translation>
    </message>
    <message>
        <source>Custom extension ID:</source>
        <translation>ID d’extension personnalisé :</translation>
    </message>
    <message>
        <source>Custom extension ID</source>
        <translation>ID d’extension personnalisé</translation>
    </message>
    <message>
        <source>Due to Snap sandboxing, you must run a script to enable browser integration.&lt;br /&gt;You can obtain this script from %1</source>
        <translation>En raison du bac à sable de Snap, vous devez exécuter un script afin d’activer l’intégration aux navigateurs.&lt;br /&gt;Vous pouvez obtenir ce script sur %1</translation>
    </message>
    <message>
        <source>KeePassXC-Browser is needed for the browser integration to work. &lt;br /&gt;Download it for %1 and %2 and %3. %4</source>
        <translation>KeePassXC-Browser est nécessaire pour que l’intégration aux navigateurs fonctionne. &lt;br /&gt;Téléchargez-la pour %1, %2 et %3. %4</translation>
    </message>
    <message>
        <source>Please see special instructions for browser extension use below</source>
        <translation>Veuillez consulter ci-dessous les instructions spéciales de l’extension pour navigateurs</translation>
    </message>
    <message>
        <source>Executable Files</source>
        <translation>Fichiers exécutables</translation>
    </message>
    <message>
        <source>All Files</source>
        <translation>Tous les fichiers</translation>
    </message>
    <message>
        <source>Select custom proxy location</source>
        <translation>Sélectionner un emplacement de mandataire personnalisé</translation>
    </message>
    <message>
        <source>Select native messaging host folder location</source>
        <translation>Sélectionner l’emplacement du dossier de l’hôte de messagerie native</translation>
    </message>
    <message>
        <source>Allow keepassxc-proxy to list all entries with their title, URL and UUID in connected databases.</source>
        <translation type="unfinished"/>
    </message>
    <message>
        <source>Allow limited access to all entries in connected databases (ignores site access restrictions)</source>
        <translation type="unfinished"/>
    </message>
    <message>
        <source>&lt;b&gt;Warning:&lt;/b&gt; Only adjust these settings if necessary.</source>
        <translation type="unfinished"/>
    </message>
    <message>
        <source>The custom proxy location does not exist.</source>
        <translation type="unfinished"/>
    </message>
    <message>
        <source>&lt;b&gt;Error:&lt;/b&gt; The custom proxy location does not exist. Correct this in the advanced settings tab.</source>
        <translation type="unfinished"/>
    </message>
    <message>
        <source>&lt;b&gt;Error:&lt;/b&gt; The installed proxy executable is missing from the expected location: %1&lt;br/&gt;Please set a custom proxy location in the advanced settings or reinstall the application.</source>
        <translation type="unfinished"/>
    </message>
</context>
<context>
    <name>EntryView</name>
    <message>
        <source>Fit to window</source>
        <translation>Adapter à la fenêtre</translation>
    </message>
    <message>
        <source>Fit to contents</source>
        <translation>Adapter au contenu</translation>
    </message>
    <message>
        <source>Reset to defaults</source>
        <translation>Réinitialiser aux valeurs par défaut</translation>
    </message>
    <message numerus="yes">
        <source>+ %1 entry(s)...</source>
        <translation type="unfinished"><numerusform></numerusform><numerusform></numerusform><numerusform></numerusform></translation>
    </message>
</context>
<context>
    <name>ReportsWidgetHealthcheck</name>
    <message>
        <source>Hover over reason to show additional details. Double-click entries to edit.</source>
        <translation>Survolez la raison pour afficher des détails supplémentaires. Double-cliquez sur les entrées pour les modifier.</translation>
    </message>
    <message>
        <source>Bad</source>
        <comment>Password quality</comment>
        <translation>Mauvais</translation>
    </message>
    <message>
        <source>Bad — password must be changed</source>
        <translation>Mauvais - le mot de passe doit être changé</translation>
    </message>
    <message>
        <source>Poor</source>
        <comment>Password quality</comment>
        <translation>Plutôt mauvais</translation>
    </message>
    <message>
        <source>Poor — password should be changed</source>
        <translation>Plutôt mauvais - le mot de passe doit être changé</translation>
    </message>
    <message>
        <source>Weak</source>
        <comment>Password quality</comment>
        <translation>Faible</translation>
    </message>
    <message>
        <source>Weak — consider changing the password</source>
        <translation>Faible - envisagez de changer le mot de passe</translation>
    </message>
    <message>
        <source> (Excluded)</source>
        <translation> (exclue)</translation>
    </message>
    <message>
        <source>This entry is being excluded from reports</source>
        <translation>Cette entrée est exclue des rapports</translation>
    </message>
    <message>
        <source>Please wait, health data is being calculated…</source>
        <translation type="unfinished"/>
    </message>
    <message>
        <source>Congratulations, everything is healthy!</source>
        <translation>Félicitations, tout est en ordre</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titre</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>Chemin</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Résultats</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Raison</translation>
    </message>
    <message>
        <source>Edit Entry…</source>
        <translation type="unfinished"/>
    </message>
    <message numerus="yes">
        <source>Delete Entry(s)…</source>
        <translation type="unfinished"><numerusform></numerusform><numerusform></numerusform><numerusform></numerusform></translation>
    </message>
    <message>
        <source>Exclude from reports</source>
        <translation>Exclure des rapports</translation>
    </message>
    <message>
        <source>Show expired entries</source>
        <translation type="unfinished"/>
    </message>
    <message>
        <source>Show entries that have been excluded from reports</source>
        <translation type="unfinished"/>
    </message>
    <message>
        <source> (Expired)</source>
        <translation type="unfinished"/>
    </message>
</context>
</TS>