<?xml version="1.0" ?><!DOCTYPE TS><TS version="2.1" language="ja">
<context>
    <name>EntryEditor</name>
    <message>
        <location filename="../src/gui/EntryEditor.cpp" line="112"/>
        <source>Edit entry</source>
        <translation>エントリーを編集</translation>
    </message>
    <message>
        <location filename="../src/gui/EntryEditor.cpp" line="130"/>
        <source>&amp;Username:</source>
        <translation>ユーザー名(&amp;U):</translation>
    </message>
    <message>
        <location filename="../src/gui/EntryEditor.cpp" line="131"/>
        <source>Password:</source>
        <translation>パスワード:</translation>
    </message>
    <message numerus="yes">
        <location filename="../src/gui/EntryEditor.cpp" line="162"/>
        <source>%n attachment(s)</source>
        <translation>
            <numerusform>%n 個の添付ファイル</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../src/gui/EntryEditor.cpp" line="170"/>
        <source>Delete %n entry(s)?</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../src/gui/EntryEditor.cpp" line="201"/>
        <source>Generate password</source>
        <comment>button</comment>
        <translation>パスワードを生成</translation>
    </message>
</context>
<context>
    <name>DatabaseWidget</name>
    <message>
        <location filename="../src/gui/DatabaseWidget.cpp" line="88"/>
        <source>Lock database</source>
        <translation>データベースをロック</translation>
    </message>
    <message>
        <location filename="../src/gui/DatabaseWidget.cpp" line="+12"/>
        <source>Unlock database</source>
        <translation type="unfinished">データベースのロックを解除</translation>
    </message>
    <message>
        <source>Search (%1)…</source>
        <translation>検索 (%1)…</translation>
    </message>
</context>
</TS>
