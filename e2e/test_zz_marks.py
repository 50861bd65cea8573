import json
def test_marks(make_page):
    for i in range(3):
        page, rec = make_page("?game=nibble&variant=square9&seed=7&p1=human&p2=human")
        page.wait_for_timeout(500)
        print(json.dumps(page.evaluate("() => nibbleApp.rules?.bootMarks ?? Object.keys(nibbleApp)")))
        page.close()
