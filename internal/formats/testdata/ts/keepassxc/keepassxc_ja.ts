<?xml version="1.0" ?><!DOCTYPE TS><TS version="2.1" language="ja">
<context>
    <name>BrowserSettingsWidget</name>
    <message>
        <source>Dialog</source>
        <translation>ダイアログ</translation>
    </message>
    <message>
        <source>This is required for accessing your databases with KeePassXC-Browser</source>
        <translation>このオプションは KeePassXC-Browser からデータベースにアクセスするために必要です</translation>
    </message>
    <message>
        <source>Enable browser integration</source>
        <translation>ブラウザー統合を有効にする</translation>
    </message>
    <message>
        <source>General</source>
        <translation>全般</translation>
    </message>
    <message>
        <source>Browsers installed as snaps are currently not supported.</source>
        <translation>Snap 形式のブラウザーは現在サポートしていません。</translation>
    </message>
    <message>
        <source>Enable integration for these browsers:</source>
        <translation>これらのブラウザーの統合を有効にする:</translation>
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
        <translation>Tor Browser</translation>
    </message>
    <message>
        <source>Brave</source>
        <translation>Brave</translation>
    </message>
    <message>
        <source>Google Chrome</source>
        <translation>Google Chrome</translation>
    </message>
    <message>
        <source>Chromium</source>
        <translation>Chromium</translation>
    </message>
    <message>
        <source>Show a notification when credentials are requested</source>
        <extracomment>Credentials mean login data requested via browser extension</extracomment>
        <translation>資格情報を要求された際に通知を表示する</translation>
    </message>
    <message>
        <source>Request to unlock the database if it is locked</source>
        <translation>データベースがロックされている場合はロックの解除を要求する</translation>
    </message>
    <message>
        <source>Only entries with the same scheme (http://, https://, …) are returned.</source>
        <translation>同じスキーム (http://, https://, …) を持つエントリーのみが返されます。</translation>
    </message>
    <message>
        <source>Match URL scheme (e.g., https://example.com)</source>
        <translation>URL スキーム (例えば https://example.com) を一致させる</translation>
    </message>
    <message>
        <source>Only returns the best matches for a specific URL instead of all entries for the whole domain.</source>
        <translation>ドメイン全体に一致するすべてのエントリーの代わりに、特定の URL に最も一致するエントリーのみが返されます。</translation>
    </message>
    <message>
        <source>Return only best-matching credentials</source>
        <translation>最も一致する資格情報のみを返す</translation>
    </message>
    <message>
        <source>Returns expired credentials. String [expired] is added to the title.</source>
        <translation>期限切れの資格情報を返します。タイトルに [期限切れ] という文字列が追加されます。</translation>
    </message>
    <message>
        <source>Allow returning expired credentials</source>
        <translation>期限切れの資格情報を返すことを許可する</translation>
    </message>
    <message>
        <source>All databases connected to the extension will return matching credentials.</source>
        <translation>拡張機能に接続されたすべてのデータベースが一致する資格情報を返します。</translation>
    </message>
    <message>
        <source>Search in all opened databases for matching credentials</source>
        <extracomment>Credentials mean login data requested via browser extension</extracomment>
        <translation>開いているすべてのデータベースから一致する資格情報を検索する</translation>
    </message>
    <message>
        <source>Advanced</source>
        <translation>詳細設定</translation>
    </message>
    <message>
        <source>Never ask before accessing credentials</source>
        <extracomment>Credentials mean login data requested via browser extension</extracomment>
        <translation>資格情報にアクセスする前に確認しない</translation>
    </message>
    <message>
        <source>Never ask before updating credentials</source>
        <extracomment>Credentials mean login data requested via browser extension</extracomment>
        <translation>資格情報を更新する前に確認しない</translation>
    </message>
    <message>
        <source>Do not ask permission for HTTP Basic Auth</source>
        <extracomment>An extra HTTP Basic Auth setting</extracomment>
        <translation>HTTP ベーシック認証でアクセス許可を確認しない</translation>
    </message>
    <message>
        <source>Automatically creating or updating string fields is not supported.</source>
        <translation>文字列フィールドの自動作成や自動更新はサポートしていません。</translation>
    </message>
    <message>
        <source>Return advanced string fields which start with &quot;KPH: &quot;</source>
        <translation>&quot;KPH: &quot; から始まる拡張された文字列フィールドを返す</translation>
    </message>
    <message>
        <source>Don&apos;t display the popup suggesting migration of legacy KeePassHTTP settings.</source>
        <translation>レガシーな KeePassHTTP の設定を移行するためのポップアップを表示しないようにします。</translation>
    </message>
    <message>
        <source>Do not prompt for KeePassHTTP settings migration.</source>
        <translation>KeePassHTTP の設定移行を確認しない</translation>
    </message>
    <message>
        <source>Updates KeePassXC or keepassxc-proxy binary path automatically to native messaging scripts on startup.</source>
        <translation>起動時に、KeePassXC または keepassxc-proxy のバイナリーパスを自動的に Native messaging スクリプトに更新します。</translation>
    </message>
    <message>
        <source>Update native messaging manifest files at startup</source>
        <translation>起動時に Native messaging のマニフェストファイルを更新する</translation>
    </message>
    <message>
        <source>Use a custom proxy location if you installed a proxy manually.</source>
        <translation>手動でプロキシをインストールした場合は、カスタムプロキシを使用してください。</translation>
    </message>
    <message>
        <source>Use a custom proxy location:</source>
        <comment>Meant is the proxy for KeePassXC-Browser</comment>
        <translation>カスタムプロキシを使用する:</translation>
    </message>
    <message>
        <source>Custom proxy location field</source>
        <translation>カスタムプロキシの場所フィールド</translation>
    </message>
    <message>
        <source>Browser for custom proxy file</source>
        <translation>カスタムプロキシファイルブラウザー</translation>
    </message>
    <message>
        <source>Browse…</source>
        <extracomment>Button for opening file dialog</extracomment>
        <translation>参照…</translation>
    </message>
    <message>
        <source>Use a custom browser configuration location:</source>
        <translation>ブラウザーの設定の場所を変更する:</translation>
    </message>
    <message>
        <source>Browser type:</source>
        <translation>ブラウザーの種類:</translation>
    </message>
    <message>
        <source>Toolbar button style</source>
        <translation>ツールバーのボタンのスタイル</translation>
    </message>
    <message>
        <source>Config Location:</source>
        <translation>設定の場所:</translation>
    </message>
    <message>
        <source>Custom browser location field</source>
        <translation>ブラウザーの場所指定フィールド</translation>
    </message>
    <message>
        <source>Browse for custom browser path</source>
        <translation>指定するブラウザーパスを参照する</translation>
    </message>
    <message>
        <source>Custom extension ID:</source>
        <translation>カスタム拡張機能 ID:</translation>
    </message>
    <message>
        <source>Custom extension ID</source>
        <translation>カスタム拡張機能 ID</translation>
    </message>
    <message>
        <source>Due to Snap sandboxing, you must run a script to enable browser integration.&lt;br /&gt;You can obtain this script from %1</source>
        <translation>Snap によってサンドボックス化されているため、&lt;br /&gt;ブラウザー統合を有効にするにはスクリプトを実行する必要があります。&lt;br /&gt;スクリプトは次の場所から入手できます: %1</translation>
    </message>
    <message>
        <source>KeePassXC-Browser is needed for the browser integration to work. &lt;br /&gt;Download it for %1 and %2 and %3. %4</source>
        <translation>ブラウザー統合の動作には KeePassXC-Browser が必要です。&lt;br /&gt;KeePassXC-Browser は %1 用、%2 用、%3 用の 3 種類あります。%4</translation>
    </message>
    <message>
        <source>Please see special instructions for browser extension use below</source>
        <translation>ブラウザー拡張機能を使用するには以下の手順を参照してください</translation>
    </message>
    <message>
        <source>Executable Files</source>
        <translation>実行ファイル</translation>
    </message>
    <message>
        <source>All Files</source>
        <translation>すべてのファイル</translation>
    </message>
    <message>
        <source>Select custom proxy location</source>
        <translation>カスタムプロキシを選択</translation>
    </message>
    <message>
        <source>Select native messaging host folder location</source>
        <translation>Native messaging のホストフォルダーの場所を選択</translation>
    </message>
    <message>
        <source>Allow keepassxc-proxy to list all entries with their title, URL and UUID in connected databases.</source>
        <translation>タイトル、URL、UUID を含む keepassxc-proxy に接続されているデータベースのすべてのエントリーの表示を許可する</translation>
    </message>
    <message>
        <source>Allow limited access to all entries in connected databases (ignores site access restrictions)</source>
        <translation>接続されたデータベースのすべてのエントリーに制限付きアクセスを許可する (サイトのアクセス制限を無視)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Warning:&lt;/b&gt; Only adjust these settings if necessary.</source>
        <translation>&lt;b&gt;警告:&lt;/b&gt; これらの設定は必要な場合のみ変更してください。</translation>
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
        <translation>ウィンドウに合わせる</translation>
    </message>
    <message>
        <source>Fit to contents</source>
        <translation>内容に合わせる</translation>
    </message>
    <message>
        <source>Reset to defaults</source>
        <translation>規定値に戻す</translation>
    </message>
    <message numerus="yes">
        <source>+ %1 entry(s)...</source>
        <translation type="unfinished"><numerusform></numerusform></translation>
    </message>
</context>
<context>
    <name>ReportsWidgetHealthcheck</name>
    <message>
        <source>Hover over reason to show additional details. Double-click entries to edit.</source>
        <translation>理由にマウスオーバーすると追加の詳細が表示されます。エントリーをダブルクリックすると編集できます。</translation>
    </message>
    <message>
        <source>Bad</source>
        <comment>Password quality</comment>
        <translation>悪い</translation>
    </message>
    <message>
        <source>Bad — password must be changed</source>
        <translation>悪い — パスワードを変更する必要があります</translation>
    </message>
    <message>
        <source>Poor</source>
        <comment>Password quality</comment>
        <translation>貧弱</translation>
    </message>
    <message>
        <source>Poor — password should be changed</source>
        <translation>貧弱 — パスワードを変更する必要があります</translation>
    </message>
    <message>
        <source>Weak</source>
        <comment>Password quality</comment>
        <translation>弱い</translation>
    </message>
    <message>
        <source>Weak — consider changing the password</source>
        <translation>弱い — パスワードの変更を検討してください</translation>
    </message>
    <message>
        <source> (Excluded)</source>
        <translation> (除外)</translation>
    </message>
    <message>
        <source>This entry is being excluded from reports</source>
        <translation>このエントリーはレポートから除外されています</translation>
    </message>
    <message>
        <source>Please wait, health data is being calculated…</source>
        <translation>健全性データを計算中です、お待ちください…</translation>
    </message>
    <message>
        <source>Congratulations, everything is healthy!</source>
        <translation>すべて健全です。おめでとうございます！</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>タイトル</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>パス</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>スコア</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>理由</translation>
    </message>
    <message>
        <source>Edit Entry…</source>
        <translation>エントリーを編集…</translation>
    </message>
    <message numerus="yes">
        <source>Delete Entry(s)…</source>
        <translation><numerusform>エントリーを削除…</numerusform></translation>
    </message>
    <message>
        <source>Exclude from reports</source>
        <translation>レポートから除外</translation>
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